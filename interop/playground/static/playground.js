// interop playground: the page. Plain browser JavaScript, no build step of its own; the forms
// come from @json-editor/json-editor (static/vendor/jsoneditor.js, copied there at build time).
"use strict";

(() => {
  const TOKEN = new URLSearchParams(location.search).get("token") || "";
  const $ = (id) => document.getElementById(id);
  const state = { tools: [], current: null, editor: null, views: new Map(), blobs: [] };

  // ---- helpers -------------------------------------------------------------------------------

  function el(tag, attrs = {}, ...children) {
    const node = document.createElement(tag);
    for (const [key, value] of Object.entries(attrs)) {
      if (key === "class") node.className = value;
      else if (key === "text") node.textContent = value;
      else if (key.startsWith("data-")) node.setAttribute(key, value);
      else node[key] = value;
    }
    for (const child of children) if (child != null) node.append(child);
    return node;
  }

  async function api(path, body) {
    const init = { headers: { "X-Playground-Token": TOKEN } };
    if (body !== undefined) {
      init.method = "POST";
      init.headers["Content-Type"] = "application/json";
      init.body = JSON.stringify(body);
    }
    let response;
    try {
      response = await fetch(path, init);
    } catch (e) {
      return { status: "error", message: `the playground server cannot be reached (${e})` };
    }
    const text = await response.text();
    try {
      const data = JSON.parse(text);
      if (data && typeof data === "object" && !Array.isArray(data)) return data;
    } catch (e) {
      /* not JSON: a refusal or a crash */
    }
    return { status: "error", message: `HTTP ${response.status}: ${text}` };
  }

  const pretty = (value) => JSON.stringify(value, null, 2);

  function badge(b) {
    return el("span", { class: `badge badge-${b.kind}`, text: b.label });
  }

  function sizeText(n) {
    if (n < 1024) return `${n} bytes`;
    if (n < 1024 * 1024) return `${(n / 1024).toFixed(1)} KiB`;
    return `${(n / 1024 / 1024).toFixed(1)} MiB`;
  }

  // ---- the tool list ------------------------------------------------------------------------

  async function loadTools() {
    const data = await api("/api/tools");
    if (!Array.isArray(data.tools)) {
      $("notice").textContent = data.message || "could not load the tools";
      $("notice").classList.add("error");
      return;
    }
    state.tools = data.tools;
    if (data.module) Object.assign($("module"), { hidden: false, textContent: `module: ${data.module}` });
    const ctx = data.context ? `context: ${data.context}` : "no context (--context-factory not given)";
    Object.assign($("context"), { hidden: false, textContent: ctx });
    const list = $("tool-list");
    list.replaceChildren();
    for (const tool of data.tools) {
      const item = el(
        "li",
        { "data-tool": tool.name },
        el(
          "button",
          { type: "button", onclick: () => selectTool(tool.name) },
          el("span", { class: "tool-name", text: tool.name }),
          tool.title ? el("span", { class: "tool-title", text: tool.title }) : null,
          el("span", { class: "badges" }, ...tool.badges.map(badge)),
        ),
      );
      list.append(item);
    }
    const wanted = decodeURIComponent(location.hash.replace(/^#tool=/, ""));
    const first = data.tools.find((t) => t.name === wanted) || data.tools[0];
    $("notice").textContent = data.tools.length ? "" : "This module has no tools.";
    $("notice").hidden = data.tools.length > 0;
    if (first) selectTool(first.name);
  }

  function selectTool(name) {
    const tool = state.tools.find((t) => t.name === name);
    if (!tool) return;
    state.current = tool;
    history.replaceState(null, "", `${location.pathname}${location.search}#tool=${encodeURIComponent(name)}`);
    for (const li of $("tool-list").children) li.classList.toggle("active", li.dataset.tool === name);
    $("tool").hidden = false;
    $("tool").dataset.tool = name;
    $("tool-title").textContent = tool.title || tool.name;
    $("tool-name").textContent = tool.name;
    $("tool-badges").replaceChildren(...tool.badges.map(badge));
    $("tool-description").textContent = tool.description;
    clearResult();
    buildForm(tool);
    showTab("try");
  }

  // ---- the form -----------------------------------------------------------------------------

  function dropNull(prop) {
    const branches = prop.anyOf || prop.oneOf;
    if (!Array.isArray(branches) || branches.length !== 2) return prop;
    const rest = branches.filter((b) => !(b && b.type === "null"));
    if (rest.length !== 1) return prop;
    const out = Object.assign({}, prop, rest[0]);
    delete out.anyOf;
    delete out.oneOf;
    if (out.default === null) delete out.default;
    for (const key of ["description", "title"]) if (key in prop) out[key] = prop[key];
    return out;
  }

  function note(schema, notes) {
    if (notes.length) schema.description = [schema.description, `(${notes.join(", ")})`].filter(Boolean).join(" ");
  }

  // Bounds become input attributes (the browser's own hints) and a line of help text.
  function prepareSchema(node) {
    if (Array.isArray(node)) return node.map(prepareSchema);
    if (!node || typeof node !== "object") return node;
    const out = {};
    for (const [key, value] of Object.entries(node)) out[key] = prepareSchema(value);
    if (out.properties && typeof out.properties === "object" && !Array.isArray(out.properties)) {
      const required = Array.isArray(out.required) ? out.required : [];
      for (const [key, prop] of Object.entries(out.properties)) {
        if (!prop || typeof prop !== "object") continue;
        // an optional `X | None` field: leaving it out (its opt-in box unticked) already means None
        if (!required.includes(key)) out.properties[key] = dropNull(prop);
        // a field is labelled by its own name, not by the title of the model it refers to
        if (!("title" in out.properties[key])) out.properties[key].title = key;
      }
    }
    if (out.type === "number" || out.type === "integer") {
      const attrs = {};
      const notes = [];
      if (typeof out.minimum === "number") (attrs.min = out.minimum), notes.push(`>= ${out.minimum}`);
      if (typeof out.exclusiveMinimum === "number") notes.push(`> ${out.exclusiveMinimum}`);
      if (typeof out.maximum === "number") (attrs.max = out.maximum), notes.push(`<= ${out.maximum}`);
      if (typeof out.exclusiveMaximum === "number") notes.push(`< ${out.exclusiveMaximum}`);
      if (out.type === "integer") attrs.step = 1;
      out.options = Object.assign({}, out.options, { inputAttributes: Object.assign({}, attrs) });
      note(out, notes);
    } else if (out.type === "object" && !(out.properties && Object.keys(out.properties).length)) {
      // a free-form map (dict[str, X]): let the person add keys
      out.options = Object.assign({}, out.options, { disable_properties: false, no_additional_properties: false, show_opt_in: false });
    } else if (out.type === "array") {
      const notes = [];
      if (typeof out.minItems === "number") notes.push(`at least ${out.minItems}`);
      if (typeof out.maxItems === "number") notes.push(`at most ${out.maxItems}`);
      note(out, notes);
    } else if (out.type === "string") {
      const notes = [];
      if (typeof out.minLength === "number") notes.push(`at least ${out.minLength} characters`);
      if (typeof out.maxLength === "number") notes.push(`at most ${out.maxLength} characters`);
      if (typeof out.pattern === "string") notes.push(`pattern ${out.pattern}`);
      note(out, notes);
    }
    return out;
  }

  function buildForm(tool) {
    if (state.editor) state.editor.destroy();
    state.editor = null;
    const holder = $("form");
    holder.replaceChildren();
    $("run").disabled = true;
    if (tool.form_schema.error) {
      holder.append(el("p", { class: "error", text: `No form: ${tool.form_schema.error}` }));
      return;
    }
    const schema = prepareSchema(tool.form_schema.value);
    schema.title = "Arguments";
    if (!schema.properties || Object.keys(schema.properties).length === 0) {
      holder.append(el("p", { class: "muted", text: "This tool takes no arguments." }));
      $("run").disabled = false;
      return;
    }
    const editor = new window.JSONEditor(holder, {
      schema,
      theme: "html",
      iconlib: null,
      disable_edit_json: true,
      disable_properties: true,
      disable_collapse: true,
      disable_array_delete_all_rows: true,
      disable_array_delete_last_row: true,
      prompt_before_delete: false,
      no_additional_properties: true,
      show_errors: "interaction",
      use_default_values: true,
      show_opt_in: true,
    });
    state.editor = editor;
    editor.on("ready", () => {
      if (state.editor === editor) $("run").disabled = false;
    });
  }

  // Each issue goes to the deepest form field its path names; the rest (e.g. the root) above the form.
  function showFieldErrors(issues) {
    const placed = [];
    const unplaced = [];
    for (const issue of issues) {
      const parts = issue.path.map(String);
      let target = null;
      for (let n = parts.length; n > 0 && state.editor; n--) {
        const path = ["root", ...parts.slice(0, n)].join(".");
        if (state.editor.getEditor(path)) {
          const rest = parts.slice(n).join(".");
          target = { path, property: "server", message: rest ? `${rest}: ${issue.message}` : issue.message };
          break;
        }
      }
      if (target) placed.push(target);
      else unplaced.push(issue);
    }
    if (state.editor) state.editor.showValidationErrors(placed);
    const box = $("form-errors");
    box.replaceChildren(
      ...unplaced.map((i) => el("div", { text: i.path.length ? `${i.path.join(".")}: ${i.message}` : i.message })),
    );
    box.hidden = unplaced.length === 0;
  }

  // ---- running ------------------------------------------------------------------------------

  function askApproval(result) {
    const dialog = $("approval");
    $("approval-tool").textContent = state.current.name;
    $("approval-input").textContent = pretty(result.input);
    return new Promise((resolve) => {
      const finish = (answer) => {
        $("approve").onclick = $("decline").onclick = dialog.oncancel = null;
        dialog.close();
        resolve(answer);
      };
      $("approve").onclick = () => finish(true);
      $("decline").onclick = () => finish(false);
      dialog.oncancel = (event) => {
        event.preventDefault();
        finish(false);
      };
      dialog.showModal();
    });
  }

  async function run() {
    const tool = state.current;
    if (!tool) return;
    const input = state.editor ? state.editor.getValue() : {};
    clearResult();
    $("run").disabled = true;
    $("run-status").textContent = "running...";
    try {
      let result = await api(`/api/tools/${encodeURIComponent(tool.name)}/run`, { input });
      if (result.status === "approval_required" && result.approval_id) {
        $("run-status").textContent = "waiting for your approval...";
        const approve = await askApproval(result);
        $("run-status").textContent = approve ? "running..." : "";
        result = await api(`/api/approvals/${encodeURIComponent(result.approval_id)}`, { approve });
      }
      if (state.current === tool) showResult(result);
    } finally {
      $("run").disabled = false;
      if ($("run-status").textContent.endsWith("...")) $("run-status").textContent = "";
    }
  }

  function clearResult() {
    for (const url of state.blobs) URL.revokeObjectURL(url);
    state.blobs = [];
    $("result").hidden = true;
    $("result").dataset.status = "";
    $("result-body").replaceChildren();
    $("result-model").hidden = true;
    $("form-errors").hidden = true;
    if (state.editor && state.editor.ready) state.editor.showValidationErrors([]);
  }

  const STATUS_TEXT = {
    ok: "Success",
    invalid: "Invalid arguments",
    tool_error: "Tool error",
    error: "Error",
    denied: "Declined: the tool did not run",
  };

  function showResult(result) {
    const section = $("result");
    section.hidden = false;
    section.dataset.status = result.status;
    let status = STATUS_TEXT[result.status] || result.status;
    if (result.status === "invalid" && result.target === "output") status = "Invalid result (the tool's output failed its schema)";
    if (typeof result.elapsed_ms === "number") status += ` (${result.elapsed_ms} ms)`;
    $("result-status").textContent = status;
    const body = $("result-body");
    if (result.status === "ok") {
      body.append(tree(result.value, null, 0));
    } else if (result.status === "invalid") {
      body.append(
        el("ul", { class: "issues" }, ...(result.issues || []).map((i) =>
          el("li", {}, el("code", { text: i.path.join(".") || "(arguments)" }), `: ${i.message}`))),
      );
      if (result.target === "input") showFieldErrors(result.issues || []);
    } else {
      body.append(el("p", { class: "message", text: result.message || "" }));
      if (result.traceback) {
        body.append(el("details", {}, el("summary", { text: "Traceback" }), el("pre", { text: result.traceback })));
      }
    }
    if (result.model_output != null) {
      $("result-model").hidden = false;
      $("result-model-text").textContent = result.model_output;
    }
  }

  // ---- results as a JSON tree, with content values rendered ---------------------------------

  function isContent(v) {
    return (
      v && typeof v === "object" && !Array.isArray(v) && ["image", "audio", "file"].includes(v.type) &&
      typeof v.media_type === "string" && typeof v.data === "string"
    );
  }

  function blobUrl(content) {
    const raw = atob(content.data);
    const bytes = new Uint8Array(raw.length);
    for (let i = 0; i < raw.length; i++) bytes[i] = raw.charCodeAt(i);
    const url = URL.createObjectURL(new Blob([bytes], { type: content.media_type }));
    state.blobs.push(url);
    return [url, bytes.length];
  }

  function renderContent(content) {
    const [url, size] = blobUrl(content);
    const name = content.name || `${content.type}.${(content.media_type.split("/")[1] || "bin").split("+")[0]}`;
    const box = el("div", { class: `content content-${content.type}` });
    if (content.type === "image") box.append(el("img", { src: url, alt: `image (${content.media_type})` }));
    if (content.type === "audio") box.append(el("audio", { src: url, controls: true }));
    const link = el("a", { href: url, download: name, class: "download", text: `Download ${name}` });
    box.append(el("div", {}, link, el("span", { class: "muted", text: ` ${content.media_type}, ${sizeText(size)}` })));
    return box;
  }

  function leaf(value) {
    const kind = value === null ? "null" : typeof value;
    return el("span", { class: `v v-${kind}`, text: JSON.stringify(value) });
  }

  function tree(value, key, depth) {
    const label = key === null ? null : el("span", { class: "k", text: `${key}: ` });
    if (isContent(value)) return el("div", { class: "node" }, label, renderContent(value));
    if (value && typeof value === "object") {
      const entries = Array.isArray(value) ? value.map((v, i) => [i, v]) : Object.entries(value);
      const shape = Array.isArray(value) ? `[${entries.length}]` : `{${entries.length}}`;
      const details = el("details", { class: "node", open: depth < 3 });
      details.append(el("summary", {}, label, el("span", { class: "muted", text: shape })));
      details.append(el("div", { class: "children" }, ...entries.map(([k, v]) => tree(v, k, depth + 1))));
      return details;
    }
    return el("div", { class: "node leaf" }, label, leaf(value));
  }

  // ---- what each consumer sees --------------------------------------------------------------

  function subtabs(entries) {
    // entries: [label, {value} | {error} | string]
    const wrap = el("div", { class: "subtabs" });
    const bar = el("div", { class: "tabs small", role: "tablist" });
    const body = el("div", { class: "subtab-body" });
    const show = (i) => {
      [...bar.children].forEach((b, j) => b.setAttribute("aria-selected", String(i === j)));
      const [, item] = entries[i];
      let node;
      if (typeof item === "string") node = el("pre", { class: "code", text: item });
      else if (item.error) node = el("div", { class: "error", text: `Cannot be expressed for this consumer: ${item.error}` });
      else node = el("pre", { class: "code", text: pretty(item.value) });
      body.replaceChildren(node);
    };
    entries.forEach(([label], i) => {
      bar.append(el("button", { type: "button", role: "tab", "data-subtab": label, text: label, onclick: () => show(i) }));
    });
    wrap.append(bar, body);
    if (entries.length) show(0);
    return wrap;
  }

  async function views(tool) {
    if (!state.views.has(tool.name)) {
      state.views.set(tool.name, api(`/api/tools/${encodeURIComponent(tool.name)}/views`));
    }
    return state.views.get(tool.name);
  }

  async function fillPanel(name) {
    const tool = state.current;
    const panel = document.querySelector(`.panel[data-panel="${name}"]`);
    if (name === "try") return;
    if (name === "meta") {
      panel.replaceChildren(el("pre", { class: "code", text: pretty(tool.meta) }));
      return;
    }
    panel.replaceChildren(el("p", { class: "muted", text: "Loading..." }));
    const data = await views(tool);
    if (state.current !== tool) return;
    if (data.status === "error") {
      panel.replaceChildren(el("p", { class: "error", text: data.message }));
    } else if (name === "schemas") {
      const entries = Object.entries(data.input_schema);
      if (data.output_schema) entries.push(["output (2020-12)", data.output_schema]);
      panel.replaceChildren(subtabs(entries));
    } else if (name === "providers") {
      panel.replaceChildren(subtabs(Object.entries(data.providers)));
    } else if (name === "frameworks") {
      panel.replaceChildren(subtabs(Object.entries(data.frameworks)));
    }
  }

  function showTab(name) {
    for (const button of $("tabs").children) button.setAttribute("aria-selected", String(button.dataset.tab === name));
    for (const panel of document.querySelectorAll(".panel")) panel.hidden = panel.dataset.panel !== name;
    fillPanel(name);
  }

  // ---- start --------------------------------------------------------------------------------

  document.addEventListener("DOMContentLoaded", () => {
    for (const button of $("tabs").children) button.addEventListener("click", () => showTab(button.dataset.tab));
    $("run").addEventListener("click", run);
    window.addEventListener("hashchange", () => {
      const name = decodeURIComponent(location.hash.replace(/^#tool=/, ""));
      if (state.current && name !== state.current.name) selectTool(name);
    });
    if (typeof window.JSONEditor !== "function") {
      $("notice").textContent = "The form library (static/vendor/jsoneditor.js) did not load.";
      $("notice").classList.add("error");
      return;
    }
    loadTools();
  });
})();
