// The widgets build's replacement for @rc-component/util/es/Dom/dynamicCSS (MIT, react-component):
// the same API, but a style with no `attachTo` goes into an element's shadow root instead of the page's
// <head>, and no module-level Map keeps containers (the original's container cache held every
// element's ShadowRoot for the page's life).
import { liveRoots, stage } from './live-roots';

type Prepend = boolean | 'queue';
type ContainerType = Element | ShadowRoot;
export interface Option {
  attachTo?: ContainerType;
  csp?: { nonce?: string };
  prepend?: Prepend;
  priority?: number;
  mark?: string;
  styles?: HTMLElement[];
}

const APPEND_ORDER = 'data-rc-order';
const APPEND_PRIORITY = 'data-rc-priority';
const MARK_KEY = 'rc-util-key';

function getMark({ mark }: Option = {}) {
  if (mark) return mark.startsWith('data-') ? mark : `data-${mark}`;
  return MARK_KEY;
}

function getContainer(option: Option): ContainerType {
  return option.attachTo ?? (stage() as ContainerType);
}

function getOrder(prepend?: Prepend) {
  if (prepend === 'queue') return 'prependQueue';
  return prepend ? 'prepend' : 'append';
}

function findStyles(container: ContainerType): HTMLElement[] {
  return Array.from(container.children).filter((node): node is HTMLElement => node.tagName === 'STYLE');
}

export function injectCSS(css: string, option: Option = {}): HTMLStyleElement | null {
  if (typeof document === 'undefined') return null;
  const { csp, prepend, priority = 0 } = option;
  const mergedOrder = getOrder(prepend);
  const styleNode = document.createElement('style');
  styleNode.setAttribute(APPEND_ORDER, mergedOrder);
  if (mergedOrder === 'prependQueue' && priority) styleNode.setAttribute(APPEND_PRIORITY, `${priority}`);
  if (csp?.nonce) styleNode.nonce = csp.nonce;
  styleNode.innerHTML = css;
  const container = getContainer(option);
  if (prepend) {
    if (mergedOrder === 'prependQueue') {
      const existStyle = (option.styles ?? findStyles(container)).filter((node) => {
        if (!['prepend', 'prependQueue'].includes(node.getAttribute(APPEND_ORDER) ?? '')) return false;
        return priority >= Number(node.getAttribute(APPEND_PRIORITY) || 0);
      });
      if (existStyle.length) {
        container.insertBefore(styleNode, existStyle[existStyle.length - 1]!.nextSibling);
        return styleNode;
      }
    }
    container.insertBefore(styleNode, container.firstChild);
  } else {
    container.appendChild(styleNode);
  }
  return styleNode;
}

function findExistNode(key: string, option: Option = {}) {
  const containers = option.attachTo ? [option.attachTo] : [getContainer(option), ...liveRoots()];
  for (const container of containers) {
    const found = (option.styles ?? findStyles(container)).find((node) => node.getAttribute(getMark(option)) === key);
    if (found) return found;
  }
  return undefined;
}

export function removeCSS(key: string, option: Option = {}) {
  findExistNode(key, option)?.remove();
}

/** Kept for the API: this version has no container cache to clear. */
export function clearContainerCache() {}

export function updateCSS(css: string, key: string, originOption: Option = {}) {
  const container = getContainer(originOption);
  const option: Option = { ...originOption, attachTo: container, styles: findStyles(container) };
  const existNode = findExistNode(key, option);
  if (existNode) {
    if (option.csp?.nonce && existNode.nonce !== option.csp.nonce) existNode.nonce = option.csp.nonce;
    if (existNode.innerHTML !== css) existNode.innerHTML = css;
    return existNode;
  }
  const newNode = injectCSS(css, option)!;
  newNode.setAttribute(getMark(option), key);
  return newNode;
}
