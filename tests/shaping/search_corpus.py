"""Hand-written, realistic tool descriptions for the tool_search ranking test (with queries).

Each line of `CORPUS` is `group | name | description | arguments` where arguments are
`name: description` pairs separated by `;`. The groups mirror the services agents are commonly
given (GitHub, Slack, Jira, calendars, mail, files, databases, payments, cloud, ...), with the
vocabulary overlaps that make ranking hard (many tools "list", "create", "search" or "get").
"""

from __future__ import annotations

from typing import Any

from interop import StandardTool, standard_tool

CORPUS = """
github | create_issue | Create a new issue in a GitHub repository. | owner: Repository owner; repo: Repository name; title: Issue title; body: Issue body in Markdown; labels: Labels to apply
github | list_issues | List issues in a GitHub repository, filtered by state and labels. | owner: Repository owner; repo: Repository name; state: open, closed or all; labels: Only issues with these labels
github | get_issue | Get one issue of a GitHub repository with its comments. | owner: Repository owner; repo: Repository name; issue_number: The issue number
github | update_issue | Edit the title, body, state, assignees or labels of an existing issue. | owner: Repository owner; repo: Repository name; issue_number: The issue number; state: open or closed
github | add_issue_comment | Add a comment to an issue or pull request. | owner: Repository owner; repo: Repository name; issue_number: Issue or PR number; body: Comment text
github | create_pull_request | Open a pull request from a head branch into a base branch. | owner: Repository owner; repo: Repository name; head: Branch with the changes; base: Branch to merge into; title: PR title
github | list_pull_requests | List pull requests of a repository. | owner: Repository owner; repo: Repository name; state: open, closed or all
github | merge_pull_request | Merge a pull request using merge, squash or rebase. | owner: Repository owner; repo: Repository name; pull_number: PR number; merge_method: merge, squash or rebase
github | get_pull_request_diff | Get the unified diff of a pull request. | owner: Repository owner; repo: Repository name; pull_number: PR number
github | request_review | Request reviewers on a pull request. | owner: Repository owner; repo: Repository name; pull_number: PR number; reviewers: GitHub usernames
github | search_code | Search source code across GitHub repositories. | query: Code search query, e.g. 'def main language:python'
github | search_repositories | Search GitHub repositories by name, topic or description. | query: Repository search query
github | get_file_contents | Get the contents of a file or directory in a GitHub repository. | owner: Repository owner; repo: Repository name; path: File path; ref: Branch, tag or commit
github | create_or_update_file | Create or update a single file in a repository with a commit. | owner: Repository owner; repo: Repository name; path: File path; content: New file content; message: Commit message
github | fork_repository | Fork a repository to your account or an organization. | owner: Repository owner; repo: Repository name; organization: Fork into this organization
github | create_branch | Create a new branch in a GitHub repository from another branch. | owner: Repository owner; repo: Repository name; branch: New branch name; from_branch: Source branch
github | list_commits | List commits of a branch of a GitHub repository. | owner: Repository owner; repo: Repository name; sha: Branch or commit to start from
github | create_release | Publish a release with a tag and release notes. | owner: Repository owner; repo: Repository name; tag_name: Git tag; notes: Release notes
github | list_workflow_runs | List GitHub Actions workflow runs and their status. | owner: Repository owner; repo: Repository name; workflow_id: Workflow file or id
github | rerun_workflow | Re-run a failed GitHub Actions workflow run. | owner: Repository owner; repo: Repository name; run_id: Workflow run id
slack | send_message | Post a message to a Slack channel or thread. | channel: Channel id or name; text: Message text; thread_ts: Reply in this thread
slack | list_channels | List the public Slack channels of the workspace. | limit: Maximum number of channels
slack | get_channel_history | Read the recent messages of a Slack channel. | channel: Channel id; limit: Number of messages
slack | get_thread_replies | Read all replies in a Slack thread. | channel: Channel id; thread_ts: Timestamp of the parent message
slack | add_reaction | Add an emoji reaction to a Slack message. | channel: Channel id; timestamp: Message timestamp; name: Emoji name without colons
slack | list_users | List the members of the Slack workspace with their profiles. | limit: Maximum number of users
slack | get_user_profile | Get a Slack user's profile: name, title, time zone, status. | user_id: Slack user id
slack | create_channel | Create a new Slack channel. | name: Channel name; is_private: Create a private channel
slack | invite_to_channel | Invite users to a Slack channel. | channel: Channel id; users: User ids
slack | set_channel_topic | Set the topic of a Slack channel. | channel: Channel id; topic: New topic
slack | search_messages | Search messages across Slack channels. | query: Search words; sort: score or timestamp
slack | upload_file | Upload a file to a Slack channel. | channel: Channel id; filename: File name; content: File content
slack | schedule_message | Schedule a Slack message to be sent at a later time. | channel: Channel id; text: Message text; post_at: Unix time to send at
slack | set_status | Set your Slack status text and emoji. | text: Status text; emoji: Status emoji; expiration: When it clears
jira | create_jira_issue | Create a Jira issue (bug, task or story) in a project. | project_key: Project key, e.g. ENG; summary: One-line summary; issue_type: Bug, Task or Story; description: Details
jira | search_jira_issues | Search Jira issues with a JQL query. | jql: JQL query, e.g. 'project = ENG AND status = Open'; max_results: Page size
jira | transition_jira_issue | Move a Jira issue to another workflow status, e.g. In Progress or Done. | issue_key: Issue key, e.g. ENG-12; transition: Target status
jira | assign_jira_issue | Assign a Jira issue to a user. | issue_key: Issue key; assignee: Account id
jira | add_jira_comment | Comment on a Jira issue. | issue_key: Issue key; body: Comment text
jira | log_work | Log time spent on a Jira issue. | issue_key: Issue key; time_spent: Duration like 2h 30m; comment: What was done
jira | list_sprints | List the sprints of a Jira board. | board_id: Board id; state: active, future or closed
jira | get_sprint_issues | List the issues in a sprint. | sprint_id: Sprint id
jira | create_epic | Create an epic grouping several stories. | project_key: Project key; name: Epic name; summary: Summary
jira | link_jira_issues | Link two Jira issues (blocks, relates to, duplicates). | inward_issue: Issue key; outward_issue: Issue key; link_type: Link type
calendar | create_event | Create a calendar event with attendees, time and location. | title: Event title; start: Start time (ISO 8601); end: End time; attendees: Email addresses; location: Where
calendar | list_events | List calendar events in a time range. | calendar_id: Calendar id; time_min: Range start; time_max: Range end
calendar | update_event | Change the time, title, attendees or location of a calendar event. | event_id: Event id; start: New start; end: New end
calendar | delete_event | Cancel and delete a calendar event, notifying attendees. | event_id: Event id; notify: Email the attendees
calendar | find_free_slots | Find times when all the given people are free for a meeting. | attendees: Email addresses; duration_minutes: Meeting length; within_days: Search window
calendar | respond_to_invitation | Accept, decline or tentatively accept a meeting invitation. | event_id: Event id; response: accepted, declined or tentative
calendar | list_calendars | List the calendars the user can see. |
calendar | set_out_of_office | Set an out-of-office period with an automatic reply. | start: First day away; end: Last day away; message: Automatic reply
mail | send_email | Send an email to one or more recipients, with optional attachments. | to: Recipient addresses; subject: Subject line; body: Message body; attachments: File ids
mail | search_emails | Search the mailbox by sender, subject, words or date. | query: Search query, e.g. 'from:ann subject:invoice'; limit: Maximum results
mail | read_email | Read the full content of one email message. | message_id: Message id
mail | reply_to_email | Reply to an email message, keeping the thread. | message_id: Message id; body: Reply text; reply_all: Reply to all recipients
mail | forward_email | Forward an email to other recipients. | message_id: Message id; to: Recipient addresses; note: Text added above
mail | create_draft | Save an email draft without sending it. | to: Recipient addresses; subject: Subject line; body: Message body
mail | archive_email | Archive an email so it leaves the inbox. | message_id: Message id
mail | label_email | Add or remove labels on an email message. | message_id: Message id; add: Labels to add; remove: Labels to remove
mail | list_unread | List unread emails in the inbox. | limit: Maximum results
mail | mark_as_read | Mark email messages as read. | message_ids: Message ids
files | read_file | Read the contents of a text file from the local file system. | path: File path
files | write_file | Write text to a file, creating or overwriting it. | path: File path; content: Text to write
files | edit_file | Replace exact text in a file with new text (a targeted edit). | path: File path; old_text: Text to find; new_text: Replacement
files | list_directory | List the files and folders in a directory. | path: Directory path
files | create_directory | Create a directory, including missing parents. | path: Directory path
files | move_file | Move or rename a file or directory. | source: Current path; destination: New path
files | search_files | Find files whose names match a glob pattern, recursively. | path: Directory to search; pattern: Glob pattern, e.g. '*.py'
files | get_file_info | Get size, timestamps and permissions of a file. | path: File path
files | directory_tree | Show a directory's content as a recursive tree. | path: Directory path; depth: Maximum depth
files | grep_files | Search file contents for lines matching a regular expression. | pattern: Regular expression; path: Directory; include: File glob
files | zip_files | Compress files into a zip archive. | paths: Files to include; output: Archive path
files | unzip_archive | Extract a zip or tar archive into a directory. | archive: Archive path; destination: Target directory
drive | upload_to_drive | Upload a file to cloud drive storage. | name: File name; content: File content; folder_id: Destination folder
drive | share_drive_file | Share a cloud drive file with people, as viewer or editor. | file_id: File id; emails: People to share with; role: viewer or editor
drive | search_drive | Search documents and files in cloud drive by name or content. | query: Search words
drive | export_document | Export a cloud document as PDF, DOCX or plain text. | file_id: File id; format: pdf, docx or txt
drive | create_spreadsheet | Create a new spreadsheet with optional initial rows. | title: Spreadsheet title; rows: Initial rows
drive | append_spreadsheet_rows | Append rows to a sheet of a spreadsheet. | spreadsheet_id: Spreadsheet id; sheet: Sheet name; rows: Rows to append
drive | read_spreadsheet_range | Read the cell values of a spreadsheet range such as A1:D20. | spreadsheet_id: Spreadsheet id; range: A1 range
db | run_sql_query | Run a read-only SQL SELECT query against the database and return the rows. | sql: The SELECT statement; limit: Maximum rows
db | execute_sql | Execute a SQL statement that changes data (INSERT, UPDATE, DELETE). | sql: The statement; params: Bound parameters
db | list_tables | List the tables of the database schema. | schema: Schema name
db | describe_table | Describe a table's columns, types, indexes and foreign keys. | table: Table name
db | explain_query | Show the query plan of a SQL query to diagnose slow queries. | sql: The query
db | create_index | Create an index on table columns to speed up queries. | table: Table name; columns: Indexed columns; unique: Unique index
db | backup_database | Start a backup snapshot of the database. | database: Database name; label: Snapshot label
db | restore_database | Restore the database from a backup snapshot. | snapshot_id: Snapshot id; target: Target database
db | redis_get | Get the value stored at a key in Redis. | key: Redis key
db | redis_set | Set a key to a value in Redis, with an optional expiry. | key: Redis key; value: Value; ttl_seconds: Expiry
db | mongo_find | Find documents in a MongoDB collection matching a filter. | collection: Collection name; filter: Query filter; limit: Maximum documents
db | vector_search | Semantic similarity search over embedded documents in the vector store. | query: Text to search for; top_k: Number of results; namespace: Index namespace
payments | create_customer | Create a customer in the payment system. | email: Customer email; name: Full name
payments | create_payment_intent | Charge a customer: create a payment intent for an amount and currency. | amount: Amount in cents; currency: ISO currency code; customer_id: Customer id
payments | refund_payment | Refund a payment, fully or partially. | payment_id: Payment id; amount: Amount in cents to refund
payments | list_invoices | List the invoices of a customer. | customer_id: Customer id; status: draft, open, paid or void
payments | create_invoice | Create and send an invoice to a customer. | customer_id: Customer id; items: Line items; due_days: Days until due
payments | create_subscription | Subscribe a customer to a recurring price plan. | customer_id: Customer id; price_id: Price plan id
payments | cancel_subscription | Cancel a customer's subscription at period end or immediately. | subscription_id: Subscription id; at_period_end: Cancel at the end of the period
payments | get_balance | Get the current account balance of the payment account. |
payments | list_disputes | List open payment disputes (chargebacks). | status: Dispute status
payments | create_payout | Pay out funds from the balance to the bank account. | amount: Amount in cents; currency: Currency code
crm | create_contact | Create a contact in the CRM. | email: Email; first_name: First name; last_name: Last name; company: Company
crm | search_contacts | Search CRM contacts by name, email or company. | query: Search words
crm | update_contact | Update properties of a CRM contact. | contact_id: Contact id; properties: Properties to set
crm | create_deal | Create a sales deal in the pipeline. | name: Deal name; amount: Deal value; stage: Pipeline stage; contact_id: Main contact
crm | update_deal_stage | Move a sales deal to another pipeline stage. | deal_id: Deal id; stage: New stage
crm | list_deals | List deals in the sales pipeline, filtered by stage or owner. | stage: Pipeline stage; owner: Owner id
crm | log_call | Log a phone call with a contact in the CRM. | contact_id: Contact id; notes: Call notes; duration_minutes: Length
crm | create_task | Create a follow-up task for a CRM contact or deal. | title: Task title; due: Due date; contact_id: Contact id
crm | get_company | Get a company record with its contacts and deals. | company_id: Company id
support | create_ticket | Open a customer support ticket. | subject: Subject; description: Problem description; priority: low, normal, high or urgent; requester: Customer email
support | update_ticket | Change the status, priority or assignee of a support ticket. | ticket_id: Ticket id; status: open, pending or solved
support | reply_to_ticket | Reply to the customer on a support ticket. | ticket_id: Ticket id; body: Reply text; public: Visible to the customer
support | search_tickets | Search support tickets by words, status or requester. | query: Search query
support | get_ticket | Get a support ticket with its conversation. | ticket_id: Ticket id
support | search_help_center | Search help center articles for an answer. | query: Question or keywords
notes | create_page | Create a page in the team wiki / notes workspace. | parent_id: Parent page; title: Page title; content: Markdown content
notes | search_pages | Search wiki pages and notes by title or content. | query: Search words
notes | get_page | Get the content of a wiki page. | page_id: Page id
notes | update_page | Replace or append content on a wiki page. | page_id: Page id; content: Markdown content; mode: replace or append
notes | query_database | Query a notes database (table) with filters and sorts. | database_id: Database id; filter: Filter; sorts: Sort order
notes | add_todo | Add a to-do item to a checklist. | list_id: Checklist id; text: To-do text; due: Due date
cloud | list_instances | List virtual machine instances in a cloud region. | region: Region, e.g. eu-west-1; state: running or stopped
cloud | start_instance | Start a stopped virtual machine instance. | instance_id: Instance id
cloud | stop_instance | Stop a running virtual machine instance. | instance_id: Instance id
cloud | create_bucket | Create an object storage bucket. | name: Bucket name; region: Region; public: Public read access
cloud | list_bucket_objects | List the objects in a storage bucket under a prefix. | bucket: Bucket name; prefix: Key prefix
cloud | get_object | Download an object from a storage bucket. | bucket: Bucket name; key: Object key
cloud | put_object | Upload an object to a storage bucket. | bucket: Bucket name; key: Object key; content: Object content
cloud | get_cost_report | Get the cloud spending report grouped by service for a month. | month: Month as YYYY-MM; group_by: service or account
cloud | invoke_function | Invoke a serverless function with a JSON payload. | function_name: Function name; payload: JSON payload
cloud | get_logs | Fetch recent log lines of a service or function. | log_group: Log group; filter: Filter pattern; minutes: How far back
cloud | set_alarm | Create a monitoring alarm on a metric threshold. | metric: Metric name; threshold: Threshold; comparison: greater or less
cloud | list_dns_records | List the DNS records of a domain zone. | zone: DNS zone
cloud | update_dns_record | Create or update a DNS record (A, CNAME, TXT). | zone: DNS zone; name: Record name; type: Record type; value: Record value
k8s | list_pods | List Kubernetes pods in a namespace with their status. | namespace: Namespace; label_selector: Label selector
k8s | get_pod_logs | Get the logs of a Kubernetes pod's container. | namespace: Namespace; pod: Pod name; container: Container; tail: Last lines
k8s | describe_pod | Describe a Kubernetes pod: events, conditions, containers. | namespace: Namespace; pod: Pod name
k8s | scale_deployment | Scale a Kubernetes deployment to a number of replicas. | namespace: Namespace; deployment: Deployment name; replicas: Replica count
k8s | restart_deployment | Restart a Kubernetes deployment with a rolling restart. | namespace: Namespace; deployment: Deployment name
k8s | apply_manifest | Apply a Kubernetes YAML manifest to the cluster. | manifest: YAML manifest
k8s | delete_pod | Delete a Kubernetes pod so it is recreated. | namespace: Namespace; pod: Pod name
k8s | list_nodes | List the nodes of the Kubernetes cluster and their capacity. |
k8s | rollback_deployment | Roll a deployment back to its previous revision. | namespace: Namespace; deployment: Deployment name
ci | trigger_build | Trigger a CI build of a branch. | project: Project; branch: Branch
ci | get_build_status | Get the status and failed steps of a CI build. | build_id: Build id
ci | deploy_release | Deploy a release version to an environment such as staging or production. | version: Release version; environment: staging or production
ci | list_deployments | List recent deployments and who made them. | environment: Environment
web | web_search | Search the web and return the top results with snippets. | query: Search query; count: Number of results
web | news_search | Search recent news articles about a topic. | query: Topic; days: How recent
web | image_search | Search the web for images. | query: What to find; safe: Safe search
web | screenshot_page | Take a screenshot of a web page. | url: Page URL; full_page: Whole page
web | extract_links | Extract all links from a web page. | url: Page URL
web | check_website_status | Check whether a website is up and how fast it responds. | url: URL
maps | geocode_address | Turn a street address into latitude and longitude coordinates. | address: Street address
maps | reverse_geocode | Find the address of a latitude/longitude location. | lat: Latitude; lng: Longitude
maps | get_directions | Get driving, walking or transit directions between two places. | origin: Start; destination: End; mode: driving, walking or transit
maps | search_places | Find nearby places such as restaurants or pharmacies. | query: What to find; near: Location; radius_m: Radius in meters
maps | distance_matrix | Compute travel distances and times between several origins and destinations. | origins: Start places; destinations: End places
travel | search_flights | Search flights between two airports on a date. | origin: IATA code; destination: IATA code; date: Departure date; passengers: Number of passengers
travel | book_flight | Book a flight offer for passengers. | offer_id: Flight offer id; passengers: Passenger details
travel | search_hotels | Search hotels in a city for given dates. | city: City; check_in: Check-in date; check_out: Check-out date; guests: Guests
travel | book_hotel | Book a hotel room. | offer_id: Room offer id; guest_name: Guest name
travel | get_flight_status | Get the live status of a flight (delays, gate). | flight_number: Flight number; date: Date
finance | get_stock_quote | Get the latest stock price quote for a ticker symbol. | symbol: Ticker symbol, e.g. AAPL
finance | get_exchange_rate | Get the exchange rate between two currencies. | base: Base currency; quote: Quote currency
finance | get_company_financials | Get income statement and balance sheet figures of a listed company. | symbol: Ticker symbol; period: annual or quarterly
finance | calculate_loan_payment | Compute the monthly payment of a loan. | principal: Loan amount; annual_rate: Interest rate; years: Term in years
hr | list_employees | List employees with their department and manager. | department: Department
hr | request_time_off | Request vacation or sick leave days. | start: First day; end: Last day; kind: vacation or sick
hr | get_pto_balance | Get the remaining paid time off balance of an employee. | employee_id: Employee id
hr | post_job_opening | Publish a job opening on the careers page. | title: Job title; description: Job description; location: Location
hr | list_candidates | List candidates who applied to a job opening. | job_id: Job id; stage: Interview stage
hr | schedule_interview | Schedule an interview with a candidate. | candidate_id: Candidate id; interviewers: Interviewer emails; start: Start time
shop | search_products | Search the product catalog by keywords, category or price. | query: Keywords; category: Category; max_price: Maximum price
shop | get_product | Get a product's details, price and stock level. | product_id: Product id
shop | update_inventory | Set the stock quantity of a product in a warehouse. | product_id: Product id; warehouse: Warehouse; quantity: Units in stock
shop | create_discount_code | Create a discount code for the store. | code: Code; percent_off: Percent off; expires: Expiry date
shop | track_shipment | Track a parcel shipment by carrier and tracking number. | carrier: Carrier; tracking_number: Tracking number
shop | cancel_order | Cancel a customer order that has not shipped yet. | order_id: Order id; reason: Reason
shop | add_to_cart | Add a product to a shopping cart. | cart_id: Cart id; product_id: Product id; quantity: Quantity
analytics | run_report | Run an analytics report of page views, sessions or conversions over a date range. | metrics: Metrics; dimensions: Dimensions; start_date: From; end_date: To
analytics | get_realtime_users | Get the number of active users on the site right now. |
analytics | track_event | Record a custom analytics event for a user. | user_id: User id; event: Event name; properties: Event properties
analytics | create_dashboard | Create a dashboard with charts. | title: Dashboard title; charts: Chart definitions
analytics | query_metrics | Query a time series of an observability metric such as CPU or latency. | metric: Metric name; start: From; end: To; step: Resolution
media | transcribe_audio | Transcribe speech in an audio file to text. | file_id: Audio file; language: Spoken language
media | generate_image | Generate an image from a text prompt. | prompt: Description of the image; size: Image size
media | resize_image | Resize or crop an image. | file_id: Image; width: Width in pixels; height: Height in pixels
media | text_to_speech | Turn text into spoken audio. | text: Text; voice: Voice name
media | translate_text | Translate text into another language. | text: Text to translate; target_language: Target language code
media | summarize_document | Summarize a long document into key points. | file_id: Document; max_words: Summary length
media | extract_text_from_pdf | Extract the text of a PDF document (OCR for scanned pages). | file_id: PDF file; pages: Page range
security | rotate_api_key | Rotate an API key and revoke the old one. | key_id: Key id
security | list_vulnerabilities | List known vulnerabilities found in project dependencies. | project: Project; severity: Minimum severity
security | get_secret | Read a secret value from the secrets vault. | name: Secret name; version: Version
security | audit_log_search | Search the audit log of who did what and when. | actor: User; action: Action; since: Start time
security | block_ip_address | Add an IP address to the firewall block list. | ip: IP address; reason: Reason
util | calculator | Evaluate an arithmetic expression. | expression: Expression such as (2+3)*4
util | generate_uuid | Generate a random UUID. |
util | hash_text | Compute a SHA-256 or MD5 hash of a text. | text: Text; algorithm: sha256 or md5
util | base64_encode | Encode text as base64. | text: Text
util | parse_cron | Explain a cron expression and list its next run times. | expression: Cron expression; count: Next runs
util | run_python | Run a Python snippet in a sandbox and return its output. | code: Python code; timeout: Seconds
util | regex_test | Test a regular expression against sample text and show the matches. | pattern: Regular expression; text: Sample text
util | unit_convert | Convert a value between units (km to miles, C to F, kg to lb). | value: Value; from_unit: Unit; to_unit: Unit
util | create_reminder | Remind the user about something at a given time. | text: Reminder; at: When
util | set_timer | Start a countdown timer. | minutes: Duration in minutes; label: Label
"""

QUERIES: list[tuple[str, str]] = [
    # hand-written corpus
    ("open a new bug report in the GitHub repo", "create_issue"),
    ("merge the pull request with squash", "merge_pull_request"),
    ("who should review my PR", "request_review"),
    ("rerun the failed GitHub Actions workflow", "rerun_workflow"),
    ("find code that defines a function across repositories", "search_code"),
    ("publish release notes for a new tag", "create_release"),
    ("post a message in the Slack channel", "send_message"),
    ("react with an emoji to a message", "add_reaction"),
    ("read replies of a slack thread", "get_thread_replies"),
    ("send a slack message tomorrow morning", "schedule_message"),
    ("change my status to in a meeting", "set_status"),
    ("create a Jira ticket for a bug in project ENG", "create_jira_issue"),
    ("move the jira issue to done", "transition_jira_issue"),
    ("find jira issues with a JQL query", "search_jira_issues"),
    ("log 2 hours of work on a ticket", "log_work"),
    ("which issues are in the current sprint", "get_sprint_issues"),
    ("schedule a meeting with attendees next Tuesday", "create_event"),
    ("when is everyone free for a 30 minute meeting", "find_free_slots"),
    ("decline the meeting invitation", "respond_to_invitation"),
    ("cancel the calendar event", "delete_event"),
    ("I'm on vacation next week, set an automatic reply", "set_out_of_office"),
    ("email the report to the finance team", "send_email"),
    ("find the email from ann about the invoice", "search_emails"),
    ("reply all to that email", "reply_to_email"),
    ("save a draft email", "create_draft"),
    ("show unread messages in my inbox", "list_unread"),
    ("read a local text file", "read_file"),
    ("replace a line of text in a file", "edit_file"),
    ("find all python files matching *.py", "search_files"),
    ("rename a file", "move_file"),
    ("search file contents with a regular expression", "grep_files"),
    ("extract the tar archive", "unzip_archive"),
    ("share the document with a colleague as editor", "share_drive_file"),
    ("export the doc as pdf", "export_document"),
    ("add rows to the spreadsheet", "append_spreadsheet_rows"),
    ("run a SELECT query on the database", "run_sql_query"),
    ("what columns does the users table have", "describe_table"),
    ("why is my SQL query slow, show the plan", "explain_query"),
    ("restore the database from last night's snapshot", "restore_database"),
    ("cache a value in redis with a ttl", "redis_set"),
    ("semantic search over embedded documents", "vector_search"),
    ("charge the customer 20 dollars", "create_payment_intent"),
    ("refund the payment", "refund_payment"),
    ("cancel the customer's subscription", "cancel_subscription"),
    ("what is the account balance", "get_balance"),
    ("list chargebacks", "list_disputes"),
    ("add a new contact for Acme Corp in the CRM", "create_contact"),
    ("move the deal to negotiation stage", "update_deal_stage"),
    ("record notes from my phone call with a customer", "log_call"),
    ("open a support ticket for the customer", "create_ticket"),
    ("search help center articles about password reset", "search_help_center"),
    ("write a new wiki page", "create_page"),
    ("add an item to my to-do checklist", "add_todo"),
    ("stop the virtual machine", "stop_instance"),
    ("upload an object to the storage bucket", "put_object"),
    ("how much did we spend on cloud services last month", "get_cost_report"),
    ("invoke the serverless function", "invoke_function"),
    ("point the CNAME record to the new host", "update_dns_record"),
    ("alert me when CPU goes above 90 percent", "set_alarm"),
    ("show the logs of the kubernetes pod", "get_pod_logs"),
    ("scale the deployment to 5 replicas", "scale_deployment"),
    ("roll back the deployment to the previous revision", "rollback_deployment"),
    ("deploy version 2.1 to production", "deploy_release"),
    ("is the CI build green", "get_build_status"),
    ("search the web for the latest python release", "web_search"),
    ("take a screenshot of the homepage", "screenshot_page"),
    ("is our website down", "check_website_status"),
    ("what are the coordinates of this address", "geocode_address"),
    ("directions to the airport by transit", "get_directions"),
    ("find pharmacies nearby", "search_places"),
    ("flights from JFK to LHR on Friday", "search_flights"),
    ("book a hotel room in Rome", "book_hotel"),
    ("is flight BA117 delayed", "get_flight_status"),
    ("AAPL share price", "get_stock_quote"),
    ("monthly mortgage payment for a 300k loan", "calculate_loan_payment"),
    ("how many vacation days do I have left", "get_pto_balance"),
    ("request sick leave for Monday", "request_time_off"),
    ("set up an interview with the candidate", "schedule_interview"),
    ("how many units are in stock for this product", "get_product"),
    ("where is my parcel", "track_shipment"),
    ("create a 10% off coupon code", "create_discount_code"),
    ("page views report for last week", "run_report"),
    ("how many users are on the site right now", "get_realtime_users"),
    ("convert this recording to text", "transcribe_audio"),
    ("translate this paragraph into French", "translate_text"),
    ("get the text out of a scanned pdf", "extract_text_from_pdf"),
    ("draw a picture of a cat from a prompt", "generate_image"),
    ("rotate the leaked api key", "rotate_api_key"),
    ("which dependencies have known vulnerabilities", "list_vulnerabilities"),
    ("block this IP in the firewall", "block_ip_address"),
    ("what is (17*3)+4", "calculator"),
    ("when does this cron expression run next", "parse_cron"),
    ("convert 10 km to miles", "unit_convert"),
    ("remind me to call mom at 6pm", "create_reminder"),
    # the MCP servers' tools
    ("what time is it in Tokyo", "get_current_time"),
    ("convert 3pm New York time to Berlin time zone", "convert_time"),
    ("fetch the content of a URL as markdown", "fetch"),
    ("show the git working tree status", "git_status"),
    ("commit the staged changes with a message", "git_commit"),
    ("show the git commit history log", "git_log"),
    ("switch to another git branch", "git_checkout"),
    ("stage files for the next commit", "git_add"),
    # the example library
    ("what is the weather in Paris", "get_weather"),
    ("convert 100 euros to dollars", "convert_currency"),
    ("search my past orders", "search_orders"),
    # exact names
    ("list_pods", "list_pods"),
    ("git_diff_staged", "git_diff_staged"),
]


def _schema(args: str) -> dict[str, Any]:
    props: dict[str, Any] = {}
    for pair in filter(None, (p.strip() for p in args.split(";"))):
        name, _, text = pair.partition(":")
        props[name.strip()] = {"type": "string", "description": text.strip()}
    return {"type": "object", "properties": props}


def _echo(name: str) -> Any:
    def run(input: Any) -> dict[str, Any]:
        return {"tool": name, "input": input}

    return run


def corpus_tools() -> list[StandardTool[Any, Any, Any]]:
    """The hand-written corpus as neutral tools (JSON Schema inputs; the group and tags in meta)."""
    out: list[StandardTool[Any, Any, Any]] = []
    for line in CORPUS.strip().splitlines():
        group, name, description, args = (part.strip() for part in line.split("|"))
        out.append(
            standard_tool(
                name=name,
                description=description,
                input_schema=_schema(args),
                execute=_echo(name),
                meta={"group": group, "defer_loading": True},
            )
        )
    return out
