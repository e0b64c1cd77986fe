// The widgets build's replacement for @rc-component/input/es/calculateNodeHeight (MIT, react-component,
// after react-textarea-autosize): the same measurement, but the hidden textarea is put beside the
// measured one (in the element's shadow root) for the measurement only, instead of living in the page's
// <body> where the host's CSS (`* { box-sizing: content-box !important }`) falsified the height.

const HIDDEN_TEXTAREA_STYLE = `
  min-height:0 !important;
  max-height:none !important;
  height:0 !important;
  visibility:hidden !important;
  overflow:hidden !important;
  position:absolute !important;
  z-index:-1000 !important;
  top:0 !important;
  right:0 !important;
  pointer-events: none !important;
`;
const SIZING_STYLE = ['letter-spacing', 'line-height', 'padding-top', 'padding-bottom', 'font-family', 'font-weight', 'font-size', 'font-variant', 'text-rendering', 'text-transform', 'width', 'text-indent', 'padding-left', 'padding-right', 'border-width', 'box-sizing', 'word-break', 'white-space'];

interface NodeInfo {
  sizingStyle: string;
  paddingSize: number;
  borderSize: number;
  boxSizing: string;
}

export function calculateNodeStyling(node: HTMLElement): NodeInfo {
  const style = window.getComputedStyle(node);
  const boxSizing = style.getPropertyValue('box-sizing');
  const paddingSize = parseFloat(style.getPropertyValue('padding-bottom')) + parseFloat(style.getPropertyValue('padding-top'));
  const borderSize = parseFloat(style.getPropertyValue('border-bottom-width')) + parseFloat(style.getPropertyValue('border-top-width'));
  const sizingStyle = SIZING_STYLE.map((name) => `${name}:${style.getPropertyValue(name)}`).join(';');
  return { sizingStyle, paddingSize, borderSize, boxSizing };
}

export default function calculateAutoSizeStyle(uiTextNode: HTMLTextAreaElement, _useCache = false, minRows: number | null = null, maxRows: number | null = null) {
  const hiddenTextarea = document.createElement('textarea');
  hiddenTextarea.setAttribute('tab-index', '-1');
  hiddenTextarea.setAttribute('aria-hidden', 'true');
  hiddenTextarea.setAttribute('name', 'hiddenTextarea');
  const wrap = uiTextNode.getAttribute('wrap');
  if (wrap) hiddenTextarea.setAttribute('wrap', wrap);
  const { paddingSize, borderSize, boxSizing, sizingStyle } = calculateNodeStyling(uiTextNode);
  hiddenTextarea.setAttribute('style', `${sizingStyle};${HIDDEN_TEXTAREA_STYLE}`);
  hiddenTextarea.value = uiTextNode.value || uiTextNode.placeholder || '';
  // beside the textarea: same shadow root, same styles; removed right after
  (uiTextNode.parentNode ?? uiTextNode.getRootNode()).appendChild(hiddenTextarea);
  try {
    let minHeight: number | undefined;
    let maxHeight: number | undefined;
    let overflowY: 'hidden' | undefined;
    let height = hiddenTextarea.scrollHeight;
    if (boxSizing === 'border-box') height += borderSize;
    else if (boxSizing === 'content-box') height -= paddingSize;
    if (minRows !== null || maxRows !== null) {
      hiddenTextarea.value = ' ';
      const singleRowHeight = hiddenTextarea.scrollHeight - paddingSize;
      if (minRows !== null) {
        minHeight = singleRowHeight * minRows;
        if (boxSizing === 'border-box') minHeight = minHeight + paddingSize + borderSize;
        height = Math.max(minHeight, height);
      }
      if (maxRows !== null) {
        maxHeight = singleRowHeight * maxRows;
        if (boxSizing === 'border-box') maxHeight = maxHeight + paddingSize + borderSize;
        overflowY = height > maxHeight ? undefined : 'hidden';
        height = Math.min(maxHeight, height);
      }
    }
    return { height, overflowY, resize: 'none' as const, ...(minHeight ? { minHeight } : {}), ...(maxHeight ? { maxHeight } : {}) };
  } finally {
    hiddenTextarea.remove();
  }
}
