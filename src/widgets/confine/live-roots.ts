/**
 * The shadow roots of the elements on the page now. Library code that measures or injects styles with
 * no container of its own (antd's and rc-component's `document.body` / `document.head`) is redirected
 * here by the widgets build (vite.widgets.config.ts `confineToShadowRoots`), so an element never adds a
 * node or a style to the host page. Roots leave the set when their element is removed.
 */
const live = new Set<ShadowRoot>();

export function adoptRoot(root: ShadowRoot) {
  live.add(root);
}

export function releaseRoot(root: ShadowRoot) {
  live.delete(root);
}

/** Where a library's stray node goes: the newest live element's shadow root (the page's body before any element mounted). */
export function stage(): ParentNode & Node {
  let last: ShadowRoot | undefined;
  for (const root of live) if (root.host.isConnected) last = root;
  return last ?? document.body;
}

/** Removes a node a library staged (it called `document.body.removeChild`). */
export function unstage<T extends Node>(node: T): T {
  node.parentNode?.removeChild(node);
  return node;
}

/** Every live root: a style removed by key is looked for in each of them. */
export function liveRoots(): ShadowRoot[] {
  return [...live];
}
