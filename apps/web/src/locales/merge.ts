/** `{ './header.json': {...} }` → `{ header: {...} }`: a file's keys live under its name. */
export function byNamespace(files: Record<string, Record<string, unknown>>): Record<string, unknown> {
  return Object.fromEntries(
    Object.entries(files).map(([p, v]) => [p.slice(p.lastIndexOf('/') + 1, -'.json'.length), v]),
  );
}
