"""The playground page in a real headless Chromium (Debian's, through Debian's chromedriver)
against a real `interop playground` server: the tool list, a nested form, field errors, the
approval prompt, results with content, the consumer tabs, and refusals."""

from __future__ import annotations

import http.server
import threading
import time
from collections.abc import Iterator

import httpx
import pytest
from acme_tool_names import ACME_TOOL_NAMES
from pg_harness import Server

selenium = pytest.importorskip("selenium")
from selenium.webdriver.common.by import By  # noqa: E402
from selenium.webdriver.support import expected_conditions as EC  # noqa: E402
from selenium.webdriver.support.ui import WebDriverWait  # noqa: E402

ACME = list(ACME_TOOL_NAMES)


def wait(driver, seconds: float = 15) -> WebDriverWait:
    return WebDriverWait(driver, seconds)


def css(driver, selector: str):
    return wait(driver).until(EC.presence_of_element_located((By.CSS_SELECTOR, selector)))


def field(driver, path: str, *, enabled: bool = True):
    """The input of the form field at json-editor path `root.a.0.b` (not its opt-in box)."""
    selector = f'[data-schemapath="{path}"] input:not(.json-editor-opt-in), [data-schemapath="{path}"] select'
    found = EC.element_to_be_clickable if enabled else EC.presence_of_element_located
    return wait(driver).until(found((By.CSS_SELECTOR, selector)))


def opt_in(driver, path: str) -> None:
    """Tick the box that includes an optional field in the arguments."""
    box = css(driver, f'[data-schemapath="{path}"] input.json-editor-opt-in')
    if not box.is_selected():
        box.click()


def type_into(driver, path: str, text: str) -> None:
    box = field(driver, path)
    box.clear()
    box.send_keys(text)
    settle(driver)


def open_tool(driver, server: Server, name: str) -> None:
    driver.get(f"{server.url}#tool={name}")
    wait(driver).until(lambda d: d.find_element(By.ID, "tool").get_attribute("data-tool") == name)
    wait(driver).until(lambda d: d.find_element(By.ID, "run").is_enabled())


def settle(driver) -> None:
    """Leave the field being typed in and let the form settle: json-editor re-validates on the next
    animation frame, and the layout shift that may bring must not land inside a later click."""
    driver.execute_script("document.activeElement && document.activeElement.blur()")
    driver.execute_async_script("requestAnimationFrame(() => requestAnimationFrame(arguments[0]))")


def click_run(driver) -> None:
    settle(driver)
    driver.find_element(By.ID, "run").click()


def run_and_wait(driver) -> str:
    click_run(driver)
    wait(driver).until(lambda d: d.find_element(By.ID, "result").get_attribute("data-status"))
    return driver.find_element(By.ID, "result").get_attribute("data-status")


def result_text(driver) -> str:
    return driver.find_element(By.ID, "result").text


def test_the_page_lists_every_tool_with_badges(browser, acme_server: Server) -> None:
    browser.get(acme_server.url)
    wait(browser).until(lambda d: len(d.find_elements(By.CSS_SELECTOR, "#tool-list li")) == len(ACME))
    items = browser.find_elements(By.CSS_SELECTOR, "#tool-list li")
    assert [li.get_attribute("data-tool") for li in items] == ACME
    delete = browser.find_element(By.CSS_SELECTOR, '#tool-list li[data-tool="delete_file"]').text
    assert "Delete a file" in delete and "requires approval" in delete and "destructive" in delete
    assert "context: pg_context:acme" in browser.find_element(By.ID, "context").text
    # the first tool is open, with its form
    assert browser.find_element(By.ID, "tool-title").text == "Current weather"
    assert field(browser, "root.city").get_attribute("value") == ""
    # an optional field: its default shown, left out of the arguments until its box is ticked
    units = field(browser, "root.units", enabled=False)
    assert (
        units.tag_name == "select" and units.get_attribute("value") == "C"
    )  # enum as choices, default prefilled
    assert [o.text for o in units.find_elements(By.TAG_NAME, "option")] == ["C", "F"]
    assert not units.is_enabled()
    opt_in(browser, "root.units")
    assert units.is_enabled()
    assert not [e for e in browser.get_log("browser") if e["level"] == "SEVERE"]


def test_a_nested_form_with_two_items_runs(browser, acme_server: Server) -> None:
    open_tool(browser, acme_server, "place_order")
    required = [e.text for e in browser.find_elements(By.CSS_SELECTOR, "#form .required")]
    assert {"sku", "quantity", "street", "city"} <= set(required)
    type_into(browser, "root.items.0.sku", "WIDGET-1")
    type_into(browser, "root.items.0.quantity", "2")
    add_item = [
        b
        for b in browser.find_elements(
            By.CSS_SELECTOR, '[data-schemapath="root.items"] .json-editor-btntype-add'
        )
        if b.is_displayed()
    ]
    assert len(add_item) == 1
    add_item[0].click()
    type_into(browser, "root.items.1.sku", "GADGET-7")
    type_into(browser, "root.items.1.quantity", "3")
    type_into(browser, "root.ship_to.street", "1 Rue de la Paix")
    type_into(browser, "root.ship_to.city", "Paris")
    assert (
        field(browser, "root.ship_to.country", enabled=False).get_attribute("value") == "FR"
    )  # default prefilled
    assert run_and_wait(browser) == "ok"
    text = result_text(browser)
    assert "Success" in text
    for expected in ('customer: "ann"', "total_items: 5", 'sku: "GADGET-7"', 'city: "Paris"', "order_id:"):
        assert expected in text, text
    browser.find_element(By.CSS_SELECTOR, "#result-model summary").click()
    model = browser.find_element(By.ID, "result-model-text").text
    assert '"total_items":5' in model


def test_a_bad_value_shows_its_error_next_to_the_field(browser, acme_server: Server) -> None:
    open_tool(browser, acme_server, "place_order")
    type_into(browser, "root.items.0.sku", "WIDGET-1")
    type_into(browser, "root.items.0.quantity", "0")
    type_into(browser, "root.ship_to.street", "1 Main St")
    type_into(browser, "root.ship_to.city", "Lyon")
    opt_in(browser, "root.ship_to.country")
    type_into(browser, "root.ship_to.country", "F")
    assert run_and_wait(browser) == "invalid"
    quantity = css(browser, '[data-schemapath="root.items.0.quantity"] .errmsg')
    assert "Input should be greater than 0" in quantity.text and quantity.is_displayed()
    country = css(browser, '[data-schemapath="root.ship_to.country"] .errmsg')
    assert "String should have at least 2 characters" in country.text
    # a field with no error shows none
    assert not [
        e
        for e in browser.find_elements(By.CSS_SELECTOR, '[data-schemapath="root.ship_to.city"] .errmsg')
        if e.is_displayed()
    ]
    assert "items.0.quantity" in result_text(browser)


def test_a_tool_error_is_shown(browser, acme_server: Server) -> None:
    open_tool(browser, acme_server, "get_weather")
    type_into(browser, "root.city", "Atlantis")
    assert run_and_wait(browser) == "tool_error"
    assert "unknown city 'Atlantis'" in result_text(browser)


def _approval_dialog(browser):
    dialog = wait(browser).until(EC.visibility_of_element_located((By.ID, "approval")))
    assert "delete_file" in dialog.text and "/tmp/report.txt" in dialog.text
    return dialog


def test_the_approval_tool_asks_before_running(browser, acme_server: Server) -> None:
    open_tool(browser, acme_server, "delete_file")
    type_into(browser, "root.path", "/tmp/report.txt")
    # declined: it does not run
    click_run(browser)
    _approval_dialog(browser)
    assert browser.find_element(By.ID, "result").get_attribute("hidden")  # nothing shown, nothing ran yet
    browser.find_element(By.ID, "decline").click()
    wait(browser).until(lambda d: d.find_element(By.ID, "result").get_attribute("data-status") == "denied")
    assert "Declined: the tool did not run" in result_text(browser)
    # approved: it runs, once (the file was still there)
    click_run(browser)
    _approval_dialog(browser)
    browser.find_element(By.ID, "approve").click()
    wait(browser).until(lambda d: d.find_element(By.ID, "result").get_attribute("data-status") == "ok")
    assert 'deleted: "/tmp/report.txt"' in result_text(browser)
    # a second approved run finds the file gone
    click_run(browser)
    _approval_dialog(browser)
    browser.find_element(By.ID, "approve").click()
    wait(browser).until(
        lambda d: d.find_element(By.ID, "result").get_attribute("data-status") == "tool_error"
    )
    assert "no such file: /tmp/report.txt" in result_text(browser)


def test_the_consumer_tabs(browser, acme_server: Server, extra_server: Server) -> None:
    open_tool(browser, acme_server, "place_order")
    browser.find_element(By.CSS_SELECTOR, '#tabs [data-tab="schemas"]').click()
    panel = css(browser, '.panel[data-panel="schemas"] pre')
    assert '"$defs"' in panel.text
    browser.find_element(By.CSS_SELECTOR, '[data-subtab="openapi-3.0"]').click()
    assert '"$ref"' not in css(browser, '.panel[data-panel="schemas"] pre').text
    browser.find_element(By.CSS_SELECTOR, '#tabs [data-tab="providers"]').click()
    assert '"strict": true' in css(browser, '.panel[data-panel="providers"] pre').text
    browser.find_element(By.CSS_SELECTOR, '[data-subtab="Gemini"]').click()
    assert '"parameters"' in css(browser, '.panel[data-panel="providers"] pre').text
    browser.find_element(By.CSS_SELECTOR, '#tabs [data-tab="frameworks"]').click()
    for name, expected in [("LangChain", "to_langchain(place_order)"), ("MCP", "interop serve acme_tools")]:
        browser.find_element(By.CSS_SELECTOR, f'[data-subtab="{name}"]').click()
        assert expected in css(browser, '.panel[data-panel="frameworks"] pre').text
    # a tool OpenAI strict mode cannot express: a clear error text instead of a descriptor
    open_tool(browser, extra_server, "sum_scores")
    browser.find_element(By.CSS_SELECTOR, '#tabs [data-tab="providers"]').click()
    error = css(browser, '.panel[data-panel="providers"] .error')
    assert "Cannot be expressed for this consumer" in error.text and "open map" in error.text


def test_images_render_and_files_download(browser, extra_server: Server) -> None:
    open_tool(browser, extra_server, "chart")
    assert "This tool takes no arguments." in browser.find_element(By.ID, "form").text
    assert run_and_wait(browser) == "ok"
    image = css(browser, "#result .content-image img")
    wait(browser).until(lambda d: d.execute_script("return arguments[0].naturalWidth", image) == 24)
    open_tool(browser, extra_server, "export_csv")
    assert run_and_wait(browser) == "ok"
    link = css(browser, "#result .content-file a.download")
    assert link.get_attribute("download") == "export.csv"
    link.click()
    saved = browser.download_dir / "export.csv"
    deadline = time.monotonic() + 15
    while not saved.is_file() and time.monotonic() < deadline:
        time.sleep(0.1)
    assert saved.read_text() == "n,square\n0,0\n1,1\n"


def test_the_conditional_approval_tool_asks_only_for_large_amounts(browser, extra_server: Server) -> None:
    open_tool(browser, extra_server, "transfer")
    type_into(browser, "root.account", "IT60")
    type_into(browser, "root.amount", "5")
    assert run_and_wait(browser) == "ok"  # no dialog
    type_into(browser, "root.amount", "500")
    click_run(browser)
    dialog = wait(browser).until(EC.visibility_of_element_located((By.ID, "approval")))
    assert "500" in dialog.text
    browser.find_element(By.ID, "decline").click()
    wait(browser).until(lambda d: d.find_element(By.ID, "result").get_attribute("data-status") == "denied")
    calls = httpx.post(
        f"{extra_server.base}/api/tools/calls/run",
        json={"input": {}},
        headers={"X-Playground-Token": extra_server.token},
    ).json()["value"]
    assert calls.count("transfer") == 1  # the declined one never ran


def test_a_page_without_the_token_is_refused(browser, acme_server: Server) -> None:
    browser.get(acme_server.base + "/")
    assert "missing or wrong token" in browser.find_element(By.TAG_NAME, "body").text


@pytest.fixture
def other_origin() -> Iterator[str]:
    """A second web server (another origin) serving an empty page."""

    class Quiet(http.server.BaseHTTPRequestHandler):
        def do_GET(self) -> None:
            self.send_response(200)
            self.send_header("Content-Type", "text/html")
            self.end_headers()
            self.wfile.write(b"<!doctype html><title>elsewhere</title><p>another site</p>")

        def log_message(self, *args) -> None:
            pass

    httpd = http.server.ThreadingHTTPServer(("127.0.0.1", 0), Quiet)
    threading.Thread(target=httpd.serve_forever, daemon=True).start()
    yield f"http://127.0.0.1:{httpd.server_address[1]}/"
    httpd.shutdown()


def test_another_page_in_the_same_browser_cannot_run_a_tool(
    browser, acme_server: Server, other_origin: str
) -> None:
    """Even knowing the token, a page of another origin gets nothing run (CORS preflight + Origin check)."""
    order = {"items": [{"sku": "EVIL", "quantity": 1}], "ship_to": {"street": "x", "city": "y"}}
    browser.get(other_origin)
    attempts = browser.execute_async_script(
        """
        const [base, token, order, done] = arguments;
        const body = JSON.stringify({input: order});
        const tries = [
          fetch(base + "/api/tools/place_order/run", {method: "POST", body, headers: {"X-Playground-Token": token, "Content-Type": "application/json"}}),
          fetch(base + "/api/tools/place_order/run", {method: "POST", body, mode: "no-cors", headers: {"Content-Type": "text/plain"}}),
          fetch(base + "/api/tools/place_order/run?token=" + token, {method: "POST", body, mode: "no-cors"}),
        ];
        Promise.allSettled(tries).then(rs => done(rs.map(r => r.status === "fulfilled" ? r.value.type + ":" + r.value.status : "rejected")));
        """,
        acme_server.base,
        acme_server.token,
        order,
    )
    assert attempts[0] == "rejected"  # the preflight is never granted
    # sent blind: refused by the server (no token, foreign Origin), and CORP hides even the status
    assert all(a in ("rejected", "opaque:0") for a in attempts[1:]), attempts
    time.sleep(0.2)
    orders = httpx.post(
        f"{acme_server.base}/api/tools/search_orders/run",
        json={"input": {"query": {}}},
        headers={"X-Playground-Token": acme_server.token},
    ).json()["value"]
    assert not [o for o in orders if o.get("customer") == "ann" and "EVIL" in str(o)]


def test_a_free_form_map_takes_keys(browser, extra_server: Server) -> None:
    """`dict[str, int]`: the person adds keys (json-editor's property editor), then values."""
    open_tool(browser, extra_server, "sum_scores")

    def visible(selector: str):
        (found,) = [
            e
            for e in browser.find_elements(By.CSS_SELECTOR, f'[data-schemapath="root.scores"] {selector}')
            if e.is_displayed()
        ]
        return found

    for key, value in (("ann", "4"), ("bob", "5")):
        visible(".json-editor-btntype-properties").click()
        name = visible(".property-selector-input")
        name.clear()
        name.send_keys(key)
        visible(".json-editor-btntype-add").click()
        visible(".json-editor-btntype-properties").click()
        type_into(browser, f"root.scores.{key}", value)
    assert run_and_wait(browser) == "ok"
    assert "9" in result_text(browser)
