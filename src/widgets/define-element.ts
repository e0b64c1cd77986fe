/** Registers a custom element once: a page that loads the loader twice (or two builds) keeps the first. */
export function defineElement(name: string, element: CustomElementConstructor) {
  if (!customElements.get(name)) customElements.define(name, element);
}
