"""Take the README's screenshot of the playground: `make playground-screenshot` (or run this file
with the path of the PNG to write). Uses the same server and headless Chromium as the tests."""

from __future__ import annotations

import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))

from pg_harness import new_driver, start_server
from selenium.webdriver.common.by import By
from selenium.webdriver.support.ui import WebDriverWait


def main(target: Path) -> None:
    server = start_server("acme_tools", "--context-factory", "pg_context:acme")
    driver = new_driver(1280, 1000)
    try:
        driver.get(f"{server.url}#tool=place_order")
        wait = WebDriverWait(driver, 15)
        wait.until(lambda d: d.find_element(By.ID, "run").is_enabled())

        def fill(path: str, text: str) -> None:
            box = driver.find_element(
                By.CSS_SELECTOR, f'[data-schemapath="{path}"] input:not(.json-editor-opt-in)'
            )
            box.clear()
            box.send_keys(text)

        fill("root.items.0.sku", "WIDGET-1")
        fill("root.items.0.quantity", "2")
        add = [
            b
            for b in driver.find_elements(
                By.CSS_SELECTOR, '[data-schemapath="root.items"] .json-editor-btntype-add'
            )
            if b.is_displayed()
        ]
        add[0].click()
        fill("root.items.1.sku", "GADGET-7")
        fill("root.items.1.quantity", "3")
        fill("root.ship_to.street", "1 Rue de la Paix")
        fill("root.ship_to.city", "Paris")
        driver.execute_script("document.activeElement.blur()")
        time.sleep(0.2)
        driver.find_element(By.ID, "run").click()
        wait.until(lambda d: d.find_element(By.ID, "result").get_attribute("data-status") == "ok")
        time.sleep(0.3)
        height = driver.execute_script("return document.documentElement.scrollHeight")
        driver.set_window_size(1280, min(int(height) + 140, 1800))
        time.sleep(0.3)
        target.parent.mkdir(parents=True, exist_ok=True)
        driver.save_screenshot(str(target))
    finally:
        driver.quit()
        server.stop()
    print(f"wrote {target} ({target.stat().st_size // 1024} KiB)")


if __name__ == "__main__":
    main(Path(sys.argv[1] if len(sys.argv) > 1 else "docs/playground.png"))
