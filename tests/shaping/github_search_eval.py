"""A tool-search evaluation set over GitHub's REST API: the 1,223 operations of the OpenAPI
document the OpenAPI tests ship (`tests/openapi/fixtures/api.github.com-octokit-openapi-23.0.2.json.xz`)
and 199 requests written the way a user asks an agent (casual words, abbreviations such as "repo"
and "PR", no operation's summary copied), each with the operations that answer it (by
`operationId`; several when more than one would do).

Used by `test_shaping_search_github.py` (our ranking must keep its recall) and by
`benchmarks/bench_scale.py` (recall@1, recall@5 and MRR next to FastMCP's BM25 search transform
over FastMCP's own conversion of the same document).
"""

from __future__ import annotations

import json
import lzma
from pathlib import Path
from typing import Any

GITHUB_DOCUMENT = (
    Path(__file__).resolve().parent.parent / "openapi/fixtures/api.github.com-octokit-openapi-23.0.2.json.xz"
)

QUERIES: tuple[tuple[str, tuple[str, ...]], ...] = (
    # issues
    ("open a new bug report in the acme/widgets repo", ("issues/create",)),
    ("show me the open tickets on my project", ("issues/list-for-repo",)),
    ("close issue 42", ("issues/update",)),
    ("what's going on in issue #17? show its details", ("issues/get",)),
    ("leave a comment on an issue saying it's fixed", ("issues/create-comment",)),
    ("read the discussion thread under issue 99", ("issues/list-comments",)),
    ("tag the issue with the 'bug' label", ("issues/add-labels",)),
    ("take the wontfix label off that issue", ("issues/remove-label",)),
    ("assign the ticket to octocat", ("issues/add-assignees",)),
    ("unassign bob from the issue", ("issues/remove-assignees",)),
    ("who can I assign issues to in this repo", ("issues/list-assignees",)),
    ("lock the conversation on an issue, it's getting heated", ("issues/lock",)),
    ("make a new label called needs-triage with a red colour", ("issues/create-label",)),
    ("rename the 'enhancement' label", ("issues/update-label",)),
    ("which labels does the repository have", ("issues/list-labels-for-repo",)),
    ("set up a milestone for the v2.0 release", ("issues/create-milestone",)),
    ("list the milestones and their due dates", ("issues/list-milestones",)),
    ("edit a comment I wrote on an issue", ("issues/update-comment",)),
    ("delete my comment on the issue", ("issues/delete-comment",)),
    ("show the history of everything that happened to issue 5", ("issues/list-events-for-timeline", "issues/list-events")),
    ("issues assigned to me across all my repos", ("issues/list", "issues/list-for-authenticated-user")),
    ("break this issue down: add a sub-issue under it", ("issues/add-sub-issue",)),
    ("which issues is this one blocked by", ("issues/list-dependencies-blocked-by",)),
    ("pin an important comment on the issue", ("issues/pin-comment",)),
    # pull requests
    ("open a PR from my feature branch into main", ("pulls/create",)),
    ("list the open pull requests", ("pulls/list",)),
    ("merge PR 128 with squash", ("pulls/merge",)),
    ("has pull request 12 been merged yet?", ("pulls/check-if-merged",)),
    ("which files changed in this PR", ("pulls/list-files",)),
    ("show the commits in a pull request", ("pulls/list-commits",)),
    ("ask alice and bob to review my PR", ("pulls/request-reviewers",)),
    ("approve the pull request", ("pulls/create-review", "pulls/submit-review")),
    ("leave an inline comment on line 10 of the diff", ("pulls/create-review-comment",)),
    ("reply to a review comment on my PR", ("pulls/create-reply-for-review-comment",)),
    ("dismiss a stale review on the PR", ("pulls/dismiss-review",)),
    ("list all the reviews on pull request 7", ("pulls/list-reviews",)),
    ("bring my PR branch up to date with the base branch", ("pulls/update-branch",)),
    ("change the title and description of a pull request", ("pulls/update",)),
    ("who has been asked to review this PR", ("pulls/list-requested-reviewers",)),
    ("details of pull request 3", ("pulls/get",)),
    # repositories
    ("create a new repo for my side project", ("repos/create-for-authenticated-user",)),
    ("make a new repository in our company org", ("repos/create-in-org",)),
    ("delete the old-test repository", ("repos/delete",)),
    ("get info about the torvalds/linux repo", ("repos/get",)),
    ("make my repository private", ("repos/update",)),
    ("rename the repo", ("repos/update",)),
    ("list all repos in the octo-org organization", ("repos/list-for-org",)),
    ("show me my repositories", ("repos/list-for-authenticated-user",)),
    ("what repos does user mojombo have", ("repos/list-for-user",)),
    ("fork this repository to my account", ("repos/create-fork",)),
    ("who has forked my repo", ("repos/list-forks",)),
    ("give my colleague write access to the repository", ("repos/add-collaborator",)),
    ("remove a collaborator from the repo", ("repos/remove-collaborator",)),
    ("who are the collaborators on this repo", ("repos/list-collaborators",)),
    ("what permission does sam have on the repo", ("repos/get-collaborator-permission-level",)),
    ("list the branches", ("repos/list-branches",)),
    ("rename the master branch to main", ("repos/rename-branch",)),
    ("protect the main branch so nobody can force push", ("repos/update-branch-protection",)),
    ("turn off branch protection on develop", ("repos/delete-branch-protection",)),
    ("require signed commits on the main branch", ("repos/create-commit-signature-protection",)),
    ("read the README of the project", ("repos/get-readme",)),
    ("get the contents of src/app.py", ("repos/get-content",)),
    ("commit a change to config.yml directly through the API", ("repos/create-or-update-file-contents",)),
    ("delete a file from the repo", ("repos/delete-file",)),
    ("recent commits on the main branch", ("repos/list-commits",)),
    ("show one commit with its diff", ("repos/get-commit",)),
    ("compare v1.0 and v1.1, what changed", ("repos/compare-commits-with-basehead", "repos/compare-commits")),
    ("who contributed to this repo", ("repos/list-contributors",)),
    ("which programming languages is the repo written in", ("repos/list-languages",)),
    ("list the tags of the repository", ("repos/list-tags",)),
    ("set the topics of my repo to python and cli", ("repos/replace-all-topics",)),
    ("what topics is the repository tagged with", ("repos/get-all-topics",)),
    ("download the code as a zip", ("repos/download-zipball-archive",)),
    ("download a tarball of the repo", ("repos/download-tarball-archive",)),
    ("move the repo to another owner", ("repos/transfer",)),
    ("make a repository from a template", ("repos/create-using-template",)),
    ("merge the dev branch into main without a PR", ("repos/merge",)),
    ("sync my fork with upstream", ("repos/merge-upstream",)),
    ("how many people viewed the repo in the last two weeks", ("repos/get-views",)),
    ("how many times was the repository cloned", ("repos/get-clones",)),
    ("where is the traffic to my repo coming from", ("repos/get-top-referrers",)),
    ("what license does the repo use", ("licenses/get-for-repo",)),
    ("set a commit status to success for CI", ("repos/create-commit-status",)),
    ("is the build green for this commit", ("repos/get-combined-status-for-ref",)),
    ("pending invitations to collaborate on the repo", ("repos/list-invitations",)),
    ("accept the invite to join a repository", ("repos/accept-invitation-for-authenticated-user",)),
    ("add a deploy key for the server", ("repos/create-deploy-key",)),
    ("weekly commit activity for the last year", ("repos/get-commit-activity-stats", "repos/get-code-frequency-stats")),
    # releases
    ("publish release v3.2.0 with notes", ("repos/create-release",)),
    ("what's the latest release", ("repos/get-latest-release",)),
    ("list all releases", ("repos/list-releases",)),
    ("find the release for tag v1.4", ("repos/get-release-by-tag",)),
    ("attach a binary to the release", ("repos/upload-release-asset",)),
    ("auto-generate changelog notes for a new release", ("repos/generate-release-notes",)),
    ("delete a release", ("repos/delete-release",)),
    # webhooks, deployments, pages, environments
    ("add a webhook that posts push events to my server", ("repos/create-webhook",)),
    ("list the repo's webhooks", ("repos/list-webhooks",)),
    ("resend a failed webhook delivery", ("repos/redeliver-webhook-delivery",)),
    ("ping the repository hook to test it", ("repos/ping-webhook",)),
    ("create a deployment to production", ("repos/create-deployment",)),
    ("mark the deployment as successful", ("repos/create-deployment-status",)),
    ("list the environments of the repo", ("repos/get-all-environments",)),
    ("enable GitHub Pages for the docs folder", ("repos/create-pages-site",)),
    ("trigger a new Pages build", ("repos/request-pages-build",)),
    ("fire a repository_dispatch event to kick off automation", ("repos/create-dispatch-event",)),
    # actions
    ("rerun the failed CI run", ("actions/re-run-workflow", "actions/re-run-workflow-failed-jobs")),
    ("only retry the jobs that failed in the run", ("actions/re-run-workflow-failed-jobs",)),
    ("cancel the running workflow", ("actions/cancel-workflow-run", "actions/force-cancel-workflow-run")),
    ("show the recent GitHub Actions runs", ("actions/list-workflow-runs-for-repo", "actions/list-workflow-runs")),
    ("get the logs of a workflow run", ("actions/download-workflow-run-logs",)),
    ("which jobs ran in this workflow run", ("actions/list-jobs-for-workflow-run",)),
    ("manually trigger the deploy workflow", ("actions/create-workflow-dispatch",)),
    ("list the workflows defined in the repo", ("actions/list-repo-workflows",)),
    ("turn off the nightly workflow", ("actions/disable-workflow",)),
    ("add a secret API_TOKEN for actions", ("actions/create-or-update-repo-secret",)),
    ("which secrets does the repo have for CI", ("actions/list-repo-secrets",)),
    ("add an actions variable NODE_VERSION to the repo", ("actions/create-repo-variable",)),
    ("download the build artifact", ("actions/download-artifact",)),
    ("list artifacts produced by CI", ("actions/list-artifacts-for-repo", "actions/list-workflow-run-artifacts")),
    ("clear the actions cache", ("actions/delete-actions-cache-by-key", "actions/delete-actions-cache-by-id")),
    ("how much actions cache is my repo using", ("actions/get-actions-cache-usage",)),
    ("register a self-hosted runner for the repo", ("actions/create-registration-token-for-repo",)),
    ("list our self-hosted runners for the organization", ("actions/list-self-hosted-runners-for-org",)),
    ("approve a workflow run from a fork PR", ("actions/approve-workflow-run",)),
    ("approve the pending deployment waiting in the run", ("actions/review-pending-deployments-for-run",)),
    ("how many billable minutes did the run use", ("actions/get-workflow-run-usage",)),
    # checks
    ("create a check run for my linter", ("checks/create",)),
    ("list check runs for a commit", ("checks/list-for-ref",)),
    ("re-run a check suite", ("checks/rerequest-suite",)),
    # git data
    ("create a lightweight branch pointer at a sha", ("git/create-ref",)),
    ("delete the branch feature-x", ("git/delete-ref",)),
    ("get a git tree recursively", ("git/get-tree",)),
    ("upload a blob of file content", ("git/create-blob",)),
    ("make an annotated tag object", ("git/create-tag",)),
    # gists
    ("create a gist with a snippet", ("gists/create",)),
    ("show my gists", ("gists/list",)),
    ("delete a gist", ("gists/delete",)),
    ("star that gist", ("gists/star",)),
    ("comment on a gist", ("gists/create-comment",)),
    ("fork someone's gist", ("gists/fork",)),
    # search
    ("search for repositories about machine learning in rust", ("search/repos",)),
    ("find code that calls os.system", ("search/code",)),
    ("search issues mentioning memory leak", ("search/issues-and-pull-requests",)),
    ("find users located in Berlin", ("search/users",)),
    ("search commits with 'fix typo' in the message", ("search/commits",)),
    # users and activity
    ("who am I logged in as", ("users/get-authenticated",)),
    ("update my profile bio", ("users/update-authenticated",)),
    ("look up the user defunkt", ("users/get-by-username",)),
    ("follow octocat", ("users/follow",)),
    ("stop following that user", ("users/unfollow",)),
    ("who follows me", ("users/list-followers-for-authenticated-user",)),
    ("add an SSH key to my account", ("users/create-public-ssh-key-for-authenticated-user",)),
    ("add my GPG key for signing", ("users/create-gpg-key-for-authenticated-user",)),
    ("block a user who is spamming", ("users/block",)),
    ("list my email addresses", ("users/list-emails-for-authenticated-user",)),
    ("star the repository", ("activity/star-repo-for-authenticated-user",)),
    ("unstar a repo", ("activity/unstar-repo-for-authenticated-user",)),
    ("who starred our project", ("activity/list-stargazers-for-repo",)),
    ("repos I have starred", ("activity/list-repos-starred-by-authenticated-user",)),
    ("watch a repository to get notified", ("activity/set-repo-subscription",)),
    ("my unread notifications", ("activity/list-notifications-for-authenticated-user",)),
    ("mark all notifications as read", ("activity/mark-notifications-as-read",)),
    ("react with a thumbs up to the issue", ("reactions/create-for-issue",)),
    ("add a heart reaction to a comment on an issue", ("reactions/create-for-issue-comment",)),
    # organizations and teams
    ("list members of my org", ("orgs/list-members",)),
    ("invite a new person to the organization", ("orgs/create-invitation",)),
    ("remove someone from the organization", ("orgs/remove-member", "orgs/remove-membership-for-user")),
    ("create a team called platform", ("teams/create",)),
    ("add a user to the backend team", ("teams/add-or-update-membership-for-user-in-org",)),
    ("who is on the frontend team", ("teams/list-members-in-org",)),
    ("give a team admin access to a repo", ("teams/add-or-update-repo-permissions-in-org",)),
    ("list the teams in our org", ("teams/list",)),
    ("block a user from our organization", ("orgs/block-user",)),
    ("add a webhook to the organization", ("orgs/create-webhook",)),
    ("update the organization's billing email", ("orgs/update",)),
    # security
    ("list code scanning alerts", ("code-scanning/list-alerts-for-repo",)),
    ("dismiss a code scanning alert as a false positive", ("code-scanning/update-alert",)),
    ("show dependabot alerts for the repo", ("dependabot/list-alerts-for-repo",)),
    ("leaked secrets found in the repository", ("secret-scanning/list-alerts-for-repo",)),
    ("upload SARIF results from my scanner", ("code-scanning/upload-sarif",)),
    ("turn on dependabot security updates", ("repos/enable-automated-security-fixes",)),
    ("enable vulnerability alerts for the repo", ("repos/enable-vulnerability-alerts",)),
    ("get an SBOM for the repository", ("dependency-graph/export-sbom",)),
    ("privately report a security vulnerability to the maintainers", ("security-advisories/create-private-vulnerability-report",)),
    # codespaces, packages, copilot, misc
    ("spin up a codespace for this repo", ("codespaces/create-with-repo-for-authenticated-user",)),
    ("stop my codespace", ("codespaces/stop-for-authenticated-user",)),
    ("list my codespaces", ("codespaces/list-for-authenticated-user",)),
    ("list the container packages in our org", ("packages/list-packages-for-organization",)),
    ("delete an old package version", ("packages/delete-package-version-for-authenticated-user", "packages/delete-package-version-for-org", "packages/delete-package-version-for-user")),
    ("who has a copilot seat in the org", ("copilot/list-copilot-seats",)),
    ("give users copilot licenses", ("copilot/add-copilot-seats-for-users",)),
    ("render this markdown to HTML", ("markdown/render",)),
    ("how many API calls do I have left", ("rate-limit/get",)),
    ("get a .gitignore template for Python", ("gitignore/get-template",)),
    ("list the emoji I can use", ("emojis/get",)),
    ("show me the MIT license text", ("licenses/get",)),
    ("what IP ranges does GitHub use for hooks", ("meta/get",)),
    ("limit who can comment on my repo for a day", ("interactions/set-restrictions-for-repo",)),
    ("export the organization's repositories as a migration archive", ("migrations/start-for-org",)),
)


def github_document() -> dict[str, Any]:
    """GitHub's OpenAPI document (the one the OpenAPI tests ship)."""
    document: dict[str, Any] = json.loads(lzma.decompress(GITHUB_DOCUMENT.read_bytes()))
    return document


def operation_ids(document: dict[str, Any]) -> set[str]:
    """Every operationId of the document."""
    return {
        op["operationId"]
        for item in document["paths"].values()
        for op in item.values()
        if isinstance(op, dict) and "operationId" in op
    }


def rank_of(found: list[str], wanted: tuple[str, ...]) -> int | None:
    """The 1-based rank of the first expected operation among `found` (None: not found)."""
    for i, name in enumerate(found, 1):
        if name in wanted:
            return i
    return None


def scores(ranks: list[int | None]) -> dict[str, float]:
    """recall@1, recall@5 and MRR (at 5) of the ranks of each query's first expected operation."""
    n = len(ranks)
    return {
        "recall@1": sum(r == 1 for r in ranks) / n,
        "recall@5": sum(r is not None and r <= 5 for r in ranks) / n,
        "mrr": sum(1 / r for r in ranks if r is not None and r <= 5) / n,
    }
