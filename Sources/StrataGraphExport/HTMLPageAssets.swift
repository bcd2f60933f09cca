/// The styles and the script of the HTML graph page, inlined so that the page needs no network.
enum HTMLPageAssets {
    static let style = """
        * { box-sizing: border-box; }
        html, body { margin: 0; height: 100%; font: 13px/1.4 -apple-system, "Segoe UI", Helvetica, Arial, sans-serif; color: #222; }
        body { display: grid; grid-template-columns: 1fr 300px; grid-template-rows: auto 1fr; height: 100vh; }
        header { grid-column: 1 / 3; display: flex; align-items: center; gap: 12px; padding: 8px 14px; border-bottom: 1px solid #ddd; background: #fafafa; }
        header h1 { font-size: 16px; margin: 0; }
        header .summary { color: #666; }
        #search { margin-left: auto; width: 260px; padding: 5px 8px; border: 1px solid #bbb; border-radius: 6px; }
        #status { color: #666; min-width: 80px; }
        #canvas { overflow: hidden; position: relative; cursor: grab; background: #fff; }
        #canvas.dragging { cursor: grabbing; }
        #graph { width: 100%; height: 100%; display: block; user-select: none; }
        #panel { overflow: auto; border-left: 1px solid #ddd; padding: 4px 14px; background: #fcfcfc; }
        #panel h2 { font-size: 13px; text-transform: uppercase; letter-spacing: .05em; color: #555; }
        .legend, .findings { list-style: none; padding: 0; margin: 0; }
        .legend li { display: flex; align-items: center; gap: 8px; margin: 4px 0; }
        .findings li { margin: 6px 0; }
        .findings li.error b { color: #d62728; }
        .findings li.warning b { color: #b8860b; }
        .swatch { display: inline-block; width: 26px; height: 14px; border: 1px solid #888; border-radius: 4px; }
        .swatch.role-interface { border-style: dashed; }
        .swatch.role-mocks { border-style: dotted; background: #ddd; }
        .swatch.role-tests { background: #fff; }
        .swatch.role-app { border-width: 3px; }
        .swatch.violation { border: 2px solid #d62728; }
        .band-label { font-size: 12px; font-weight: 600; fill: #555; text-transform: uppercase; letter-spacing: .06em; }
        .node rect { stroke: #666; stroke-width: 1; }
        .node text { font-size: 12px; text-anchor: middle; fill: #111; pointer-events: none; }
        .node { cursor: pointer; }
        .node.role-interface rect { stroke-dasharray: 5 3; }
        .node.role-mocks rect { stroke-dasharray: 2 2; }
        .node.role-app rect { stroke-width: 3; }
        .node.violation rect { stroke: #d62728; stroke-width: 3; }
        .node.focused rect { stroke: #111; stroke-width: 3; }
        .edge { fill: none; stroke: #999; stroke-width: 1.2; opacity: .75; }
        .edge.kind-interface { stroke-dasharray: 5 3; }
        .edge.violation { stroke: #d62728; stroke-width: 2.5; opacity: 1; }
        .edge-label { font-size: 11px; font-weight: 600; fill: #d62728; paint-order: stroke; stroke: #fff; stroke-width: 3px; }
        svg.highlighting .node, svg.highlighting .edge { opacity: .12; }
        svg.highlighting .node.selected, svg.highlighting .node.dependency, svg.highlighting .node.dependent { opacity: 1; }
        svg.highlighting .edge.dependency, svg.highlighting .edge.dependent { opacity: 1; stroke-width: 2; }
        .node.selected rect { stroke: #111; stroke-width: 3; }
        .node.dependency rect { stroke: #1f77b4; stroke-width: 3; }
        .node.dependent rect { stroke: #ff7f0e; stroke-width: 3; }
        .edge.dependency { stroke: #1f77b4; }
        .edge.dependent { stroke: #ff7f0e; }
        .node.match rect { stroke: #9400d3; stroke-width: 4; }
        """

    static let script = """
        "use strict";
        (function () {
          const root = document.documentElement;
          const errors = [];
          window.addEventListener("error", (event) => {
            errors.push(String(event.message));
            root.setAttribute("data-strata-errors", errors.join(" | "));
          });
          const svg = document.getElementById("graph");
          const viewport = document.getElementById("viewport");
          const canvas = document.getElementById("canvas");
          const search = document.getElementById("search");
          const status = document.getElementById("status");
          const nodes = Array.from(svg.querySelectorAll(".node"));
          const edges = Array.from(svg.querySelectorAll(".edge"));
          const byId = new Map(nodes.map((node) => [node.dataset.id, node]));
          const out = new Map(), into = new Map();
          for (const edge of edges) {
            const from = edge.dataset.from, to = edge.dataset.to;
            if (!out.has(from)) out.set(from, []);
            if (!into.has(to)) into.set(to, []);
            out.get(from).push(edge);
            into.get(to).push(edge);
          }

          // Pan and zoom: a transform on the viewport group.
          const view = { x: 0, y: 0, scale: 1 };
          function apply() { viewport.setAttribute("transform", `translate(${view.x} ${view.y}) scale(${view.scale})`); }
          function fit() {
            const width = Number(svg.dataset.width), height = Number(svg.dataset.height);
            svg.setAttribute("viewBox", `0 0 ${canvas.clientWidth || width} ${canvas.clientHeight || height}`);
            view.scale = Math.min((canvas.clientWidth || width) / width, (canvas.clientHeight || height) / height, 1.5) || 1;
            view.x = ((canvas.clientWidth || width) - width * view.scale) / 2;
            view.y = 8;
            apply();
          }
          function zoomAt(factor, cx, cy) {
            const scale = Math.min(Math.max(view.scale * factor, 0.05), 8);
            view.x = cx - (cx - view.x) * (scale / view.scale);
            view.y = cy - (cy - view.y) * (scale / view.scale);
            view.scale = scale;
            apply();
          }
          canvas.addEventListener("wheel", (event) => {
            event.preventDefault();
            const box = canvas.getBoundingClientRect();
            zoomAt(event.deltaY < 0 ? 1.15 : 1 / 1.15, event.clientX - box.left, event.clientY - box.top);
          }, { passive: false });
          let drag = null;
          canvas.addEventListener("pointerdown", (event) => {
            if (event.target.closest(".node")) return;
            drag = { x: event.clientX - view.x, y: event.clientY - view.y };
            canvas.classList.add("dragging");
          });
          window.addEventListener("pointermove", (event) => {
            if (!drag) return;
            view.x = event.clientX - drag.x;
            view.y = event.clientY - drag.y;
            apply();
          });
          window.addEventListener("pointerup", () => { drag = null; canvas.classList.remove("dragging"); });
          document.getElementById("fit").addEventListener("click", fit);

          // Click: the target, everything it depends on (blue) and everything that depends on it (orange).
          function clear() {
            svg.classList.remove("highlighting");
            for (const element of svg.querySelectorAll(".selected, .dependency, .dependent")) {
              element.classList.remove("selected", "dependency", "dependent");
            }
          }
          function walk(start, edgesOf, endOf, mark) {
            const seen = new Set([start]);
            const queue = [start];
            while (queue.length > 0) {
              const id = queue.shift();
              for (const edge of edgesOf.get(id) || []) {
                edge.classList.add(mark);
                const next = edge.dataset[endOf];
                if (!seen.has(next)) { seen.add(next); queue.push(next); byId.get(next).classList.add(mark); }
              }
            }
            return seen.size - 1;
          }
          function select(node) {
            clear();
            svg.classList.add("highlighting");
            node.classList.add("selected");
            const dependencies = walk(node.dataset.id, out, "to", "dependency");
            const dependents = walk(node.dataset.id, into, "from", "dependent");
            status.textContent = `${node.dataset.name}: ${dependencies} dependencies, ${dependents} dependents`;
            return { dependencies, dependents };
          }
          for (const node of nodes) node.addEventListener("click", (event) => { event.stopPropagation(); select(node); });
          svg.addEventListener("click", () => { clear(); status.textContent = ""; });
          document.addEventListener("keydown", (event) => { if (event.key === "Escape") { clear(); status.textContent = ""; } });

          // Search: mark the matches and bring the first into view.
          function find(text) {
            const query = text.trim().toLowerCase();
            const matches = nodes.filter((node) => query && node.dataset.name.toLowerCase().includes(query));
            for (const node of nodes) node.classList.toggle("match", matches.includes(node));
            status.textContent = query ? `${matches.length} match${matches.length === 1 ? "" : "es"}` : "";
            if (matches.length > 0) {
              const box = matches[0].getBBox();
              const [tx, ty] = matches[0].getAttribute("transform").match(/[-\\d.]+/g).map(Number);
              view.x = (canvas.clientWidth || 800) / 2 - (tx + box.width / 2) * view.scale;
              view.y = (canvas.clientHeight || 600) / 2 - (ty + box.height / 2) * view.scale;
              apply();
            }
            return matches;
          }
          search.addEventListener("input", () => find(search.value));
          search.addEventListener("keydown", (event) => {
            if (event.key === "Enter") { const [first] = find(search.value); if (first) select(first); }
          });

          fit();
          root.setAttribute("data-strata-ready", String(nodes.length));

          // #selftest exercises search, selection and zoom, and says whether they worked (for the tests).
          if (location.hash === "#selftest" && nodes.length > 0) {
            const first = nodes[0];
            const found = find(first.dataset.name);
            const counts = select(first);
            zoomAt(1.5, 100, 100);
            clear();
            const ok = found.includes(first) && counts.dependencies + counts.dependents >= 0 && viewport.getAttribute("transform").includes("scale");
            root.setAttribute("data-strata-selftest", ok ? "passed" : "failed");
          }
        })();
        """
}
