import Foundation

/// `GET /`: one self-contained HTML page (no external assets) that lists the scopes the caller
/// may read, their packages, each release with its publish date, checksum and registry
/// dependencies, from the JSON at `GET /-/packages`. The page reports on its root element, as
/// strata graph's page does: `data-registry-ready` (how many packages it drew) or
/// `data-registry-errors`.
enum BrowsePage {
    static let html = #"""
        <!DOCTYPE html>
        <html lang="en">
        <head>
        <meta charset="utf-8">
        <meta name="viewport" content="width=device-width, initial-scale=1">
        <title>strata-registry</title>
        <style>
          :root { color-scheme: light dark; --muted: #6b7280; --line: #d1d5db; --accent: #2563eb; }
          body { font: 15px/1.45 -apple-system, system-ui, sans-serif; margin: 2rem auto; max-width: 60rem; padding: 0 1rem; }
          h1 { font-size: 1.4rem; margin: 0 0 .25rem; }
          h2 { font-size: 1.1rem; margin: 2rem 0 .5rem; border-bottom: 1px solid var(--line); padding-bottom: .25rem; }
          h3 { font-size: 1rem; margin: 1rem 0 .25rem; }
          .muted { color: var(--muted); }
          input { font: inherit; padding: .35rem .5rem; width: 100%; box-sizing: border-box; margin: 1rem 0; }
          table { border-collapse: collapse; width: 100%; font-size: .9rem; }
          th, td { text-align: left; padding: .25rem .5rem; border-bottom: 1px solid var(--line); vertical-align: top; }
          code { font: .85rem ui-monospace, monospace; }
          .dependency { color: var(--accent); }
        </style>
        </head>
        <body>
        <h1>strata-registry</h1>
        <p class="muted">Swift package registry. Scopes you may read, their packages and releases.
        Depend on one with <code>.package(id: "scope.Name", from: "1.0.0")</code>.</p>
        <input id="filter" type="search" placeholder="Filter packages" aria-label="Filter packages">
        <main id="packages"><p class="muted">Loading…</p></main>
        <script>
        "use strict";
        const root = document.documentElement;
        function element(tag, text, className) {
          const node = document.createElement(tag);
          if (text !== undefined) node.textContent = text;
          if (className) node.className = className;
          return node;
        }
        function render(data, filter) {
          const main = document.getElementById("packages");
          main.replaceChildren();
          let drawn = 0;
          for (const scope of data.scopes) {
            const packages = scope.packages.filter(p => p.id.toLowerCase().includes(filter));
            if (packages.length === 0) continue;
            main.append(element("h2", scope.scope));
            for (const pkg of packages) {
              drawn += 1;
              const section = element("section");
              section.dataset.package = pkg.id;
              section.append(element("h3", pkg.id));
              const table = element("table");
              const head = element("tr");
              for (const title of ["version", "published", "dependencies", "checksum"]) head.append(element("th", title));
              table.append(head);
              for (const release of pkg.releases) {
                const row = element("tr");
                row.append(element("td", release.version));
                row.append(element("td", new Date(release.publishedAt).toISOString().replace("T", " ").slice(0, 16)));
                const dependencies = element("td");
                for (const dependency of release.dependencies) dependencies.append(element("div", dependency, "dependency"));
                if (release.dependencies.length === 0) dependencies.append(element("span", "none", "muted"));
                row.append(dependencies);
                row.append(element("td", release.checksum.slice(0, 12) + "…"));
                row.lastChild.title = release.checksum;
                table.append(row);
              }
              section.append(table);
              main.append(section);
            }
          }
          if (drawn === 0) main.append(element("p", filter ? "No package matches." : "No package you may read yet.", "muted"));
          return drawn;
        }
        fetch("-/packages", { headers: { "Accept": "application/json" } })
          .then(response => { if (!response.ok) throw new Error("GET /-/packages: " + response.status); return response.json(); })
          .then(data => {
            const drawn = render(data, "");
            root.dataset.registryReady = String(drawn);
            document.getElementById("filter").addEventListener("input", event => render(data, event.target.value.toLowerCase()));
          })
          .catch(error => { root.dataset.registryErrors = String(error); });
        window.addEventListener("error", event => { root.dataset.registryErrors = String(event.message); });
        </script>
        </body>
        </html>
        """#
}
