// antd's Radio.Group imports `toNamePathStr` from antd's form hook module, whose other imports bring
// rc-form's store, fields and validator (~11 kB brotli) into every element, none of which uses a
// Form. The elements' build (vite.widgets.config.ts `lighterAntd`) points Radio.Group here: the same
// function as antd/es/form/hooks/useForm.js (antd 6.6).
export function toNamePathStr(name: unknown): string {
  const path = name === undefined || name === false ? [] : Array.isArray(name) ? name : [name];
  return path.join('_');
}
