/**
 * The host-facing description of zhipi's elements, written by the widgets build beside the loader
 * (docs/widgets.md "The package"):
 *   custom-elements.json     the Custom Elements Manifest (schema 1.0.0): tags, attributes, properties, events, methods
 *   zp-widgets.d.ts          HTMLElementTagNameMap, the element interfaces and the event details
 *   zp-widgets-vue.d.ts      Vue's GlobalComponents (template type checking with vue-tsc / Volar)
 *   zp-widgets-react.d.ts    React's JSX IntrinsicElements (React 19 sets them as properties)
 * Read from the sources, so an element registered like the others (an entry in WIDGET_ELEMENTS whose
 * module passes `widgetElement(Component, { prop: 'type', … })`) is described without further work:
 * its props from that map, its events from its `emit(…, 'zp-…')` calls plus the shell's, its methods
 * from its class body, its description from the class's doc comment.
 */
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';

/** `secret`: a string never reflected to its attribute (the attribute is read once and removed). */
type PropType = 'string' | 'number' | 'boolean' | 'json' | 'secret';

export interface ElementInfo {
  tag: string;
  className: string;
  description: string;
  props: { name: string; attribute: string; type: PropType }[];
  events: string[];
  methods: { name: string; description: string }[];
}

/** What every element's shell fires (src/widgets/widget-shell.tsx, widget-token.ts, widget-client.ts). */
const SHELL_EVENTS = ['zp-ready', 'zp-rendered', 'zp-error', 'zp-auth-expired'];

/** What every element's class has (src/widgets/define-widget.ts). */
const SHELL_METHODS = [
  { name: 'signOut', description: 'Forgets the token and launch: what the element showed is gone at once, it shows that it has no credentials until it gets new ones (the session stays alive on the server).' },
  { name: 'destroy', description: 'Tears the element down now (view, shadow root content, reads in flight) and leaves it inert; create a new element to show zhipi again.' },
];

/** Descriptions of the attributes elements share. */
const ATTRIBUTE_DOCS: Record<string, string> = {
  apiBase: "origin (and path prefix) of the zhipi server; empty = the page's own origin",
  token: 'a zhipi token of the teacher (Authorization: Bearer); wins over sso-ticket; a new value signs the element in again (another user: what was shown is cleared at once). Never reflected: an attribute is read once and removed',
  ssoTicket: 'a partner launch, exchanged once per page (POST auth/sso/exchange); the element keeps the token it got. Never reflected: an attribute is read once and removed',
  partnerId: 'the partner id the launch belongs to',
  lang: "interface language: 'zh' (default) or 'en'",
  readonly: 'look only: no edits, approvals or deletions',
  theme: 'antd tokens for the portal brand: { colorPrimary?, borderRadius?, fontSize? } (property; as an attribute, JSON)',
};

/** What an attribute means on one element (the same name may mean different things on two). */
const ELEMENT_ATTRIBUTE_DOCS: Record<string, Record<string, string>> = {
  'zp-task-board': {
    classId: "the class shown (the teacher's first class when absent); an id the teacher does not teach fires zp-error CLASS_NOT_FOUND",
    readonly: 'hides assign, modify and delete',
  },
  'zp-correction-panel': {
    essayId: 'the essay to open (wins over task-id + class-id); the host\'s last write wins',
    taskId: "with class-id and no essay-id: the class's first essay waiting for review, else its first essay",
    classId: 'with task-id: see task-id',
    mode: "'review' (default) or 'ai': the AI's result and the re-run first",
  },
  'zp-class-report': {
    taskId: 'the task whose report is shown (with class-id)',
    classId: 'the class (with task-id); a class not in the task shows the refusal and fires zp-error CLASS_NOT_IN_TASK',
    mode: "'simple' or 'full' report (default: the teacher's last choice)",
  },
  'zp-growth-profile': {
    studentId: "the student whose growth profile is shown; absent: the class's growth table",
    classId: "the class of the growth table (without student-id); absent: the teacher's first class",
    semester: "the semester, as 'id_year_term' (default: the current one)",
  },
};

/** Literal types of string attributes that take a fixed set of values. */
const LITERAL_TYPES: Record<string, Record<string, string>> = {
  'zp-correction-panel': { mode: "'review' | 'ai'" },
  'zp-class-report': { mode: "'simple' | 'full'" },
};

const docOf = (tag: string, name: string) => ELEMENT_ATTRIBUTE_DOCS[tag]?.[name] ?? ATTRIBUTE_DOCS[name] ?? 'see docs/widgets.md';

const TS_TYPE: Record<PropType, string> = { string: 'string', number: 'number', boolean: 'boolean', json: 'WidgetTheme', secret: 'string' };
const typeOf = (tag: string, p: { name: string; type: PropType }) => LITERAL_TYPES[tag]?.[p.name] ?? TS_TYPE[p.type];
const kebab = (name: string) => name.replace(/([a-z0-9])([A-Z])/g, (_m, a: string, b: string) => `${a}-${b.toLowerCase()}`);
const pascal = (tag: string) => tag.replace(/(^|-)([a-z])/g, (_m, _d, c: string) => c.toUpperCase());

/** Reads one element from its build entry (`defineElement('zp-x', ZpX)`) and the module defining its class. */
export function describeElement(root: string, tag: string, entry: string): ElementInfo {
  const entryFile = path.join(root, entry);
  const entrySource = readFileSync(entryFile, 'utf8');
  const className = entrySource.match(new RegExp(`defineElement\\(\\s*'${tag}',\\s*(\\w+)`))?.[1] ?? pascal(tag);
  const from = entrySource.match(new RegExp(`import\\s*\\{[^}]*\\b${className}\\b[^}]*\\}\\s*from\\s*'([^']+)'`))?.[1];
  if (!from) throw new Error(`${entry}: cannot find where ${className} comes from`);
  const base = path.resolve(path.dirname(entryFile), from);
  const file = ['.tsx', '.ts'].map((ext) => base + ext).find((f) => existsSync(f));
  if (!file) throw new Error(`${entry}: ${from} not found`);
  const source = readFileSync(file, 'utf8');
  const declared = source.match(new RegExp(`export class ${className} extends widgetElement\\(\\s*\\w+,\\s*\\{([\\s\\S]*?)\\}\\)`));
  if (!declared) throw new Error(`${path.relative(root, file)}: no \`export class ${className} extends widgetElement(Component, { … })\``);
  const props = [...declared[1]!.matchAll(/(\w+):\s*'(string|number|boolean|json|secret)'/g)].map(([, name, type]) => ({ name: name!, attribute: kebab(name!), type: type as PropType }));
  const events = [...new Set([...SHELL_EVENTS, ...[...source.matchAll(/emit\(\s*\w+,\s*'(zp-[\w-]+)'/g)].map((m) => m[1]!)])];
  const body = source.slice(source.indexOf(declared[0]) + declared[0].length);
  const own = [...body.matchAll(/\/\*\*\s*([\s\S]*?)\s*\*\/\s*\n\s*(\w+)\(\):\s*void\s*\{/g)].map(([, doc, name]) => ({ name: name!, description: doc!.replace(/\s*\n\s*\*\s*/g, ' ').trim() }));
  const methods = [...own, ...SHELL_METHODS];
  const before = source.slice(0, source.indexOf(`export class ${className}`)).trimEnd();
  const doc = before.endsWith('*/') ? before.slice(before.lastIndexOf('/**') + 3, -2) : '';
  const description = doc.replace(/\n\s*\*\s?/g, ' ').replace(/\s+/g, ' ').trim().replace(/^`<[\w-]+>`:\s*/, '');
  return { tag, className, description, props, events, methods };
}

/** The events' detail types: WidgetEventMap as src/widgets/widget-events.ts declares it. */
function eventMapSource(root: string): string {
  const source = readFileSync(path.join(root, 'src/widgets/widget-events.ts'), 'utf8');
  const start = source.indexOf('export interface WidgetEventMap {');
  const end = source.indexOf('\n}\n', start);
  if (start < 0 || end < 0) throw new Error('src/widgets/widget-events.ts: WidgetEventMap not found');
  return source.slice(start, end + 2);
}

/** The manifest; `loader` is the module path the declarations are in (the served loader, or the package's entry). */
export function customElementsManifest(elements: ElementInfo[], loader: string) {
  return {
    schemaVersion: '1.0.0',
    readme: 'https://github.com/zhipi/zhipi/blob/main/docs/widgets.md',
    modules: [
      {
        kind: 'javascript-module',
        path: loader,
        declarations: elements.map((el) => ({
          kind: 'class',
          name: el.className,
          tagName: el.tag,
          customElement: true,
          description: el.description,
          superclass: { name: 'HTMLElement' },
          attributes: el.props
            .filter((p) => p.type !== 'json')
            .map((p) => ({ name: p.attribute, fieldName: p.name, type: { text: typeOf(el.tag, p) }, description: docOf(el.tag, p.name) })),
          members: [
            ...el.props.map((p) => ({ kind: 'field', name: p.name, type: { text: `${typeOf(el.tag, p)} | undefined` }, ...(p.type === 'json' ? {} : { attribute: p.attribute, reflects: p.type !== 'secret' }), description: docOf(el.tag, p.name) })),
            ...el.methods.map((m) => ({ kind: 'method', name: m.name, description: m.description, return: { type: { text: 'void' } } })),
          ],
          events: el.events.map((name) => ({ name, type: { text: `CustomEvent<WidgetEventMap['${name}']>` } })),
        })),
        exports: elements.map((el) => ({ kind: 'custom-element-definition', name: el.tag, declaration: { name: el.className, module: loader } })),
      },
    ],
  };
}

function propsInterface(el: ElementInfo): string {
  const lines = el.props.map((p) => `  /** ${docOf(el.tag, p.name)} */\n  ${p.name}?: ${typeOf(el.tag, p)}${p.type === 'json' ? '' : ' | null'};`);
  return `/** The properties of <${el.tag}> (each, but \`theme\`, also its kebab-case attribute). */\nexport interface ${el.className}Props {\n${lines.join('\n')}\n}`;
}

/** zp-widgets.d.ts: the framework-free declarations. */
export function elementTypes(elements: ElementInfo[], root: string): string {
  const parts = [
    '// Types of zhipi\'s custom elements (docs/widgets.md). Generated by the widgets build; do not edit.',
    '',
    eventMapSource(root),
    '',
    'export type WidgetEventName = keyof WidgetEventMap;',
    '',
    '/** Brand overrides a portal may pass as the `theme` property. */',
    'export interface WidgetTheme {\n  colorPrimary?: string;\n  borderRadius?: number;\n  fontSize?: number;\n}',
    '',
    '/** addEventListener with typed zp-* events (CustomEvent details). */',
    'export interface WidgetEventTarget {',
    '  addEventListener<K extends WidgetEventName>(type: K, listener: (this: HTMLElement, ev: CustomEvent<WidgetEventMap[K]>) => void, options?: boolean | AddEventListenerOptions): void;',
    '  addEventListener(type: string, listener: EventListenerOrEventListenerObject, options?: boolean | AddEventListenerOptions): void;',
    '  removeEventListener<K extends WidgetEventName>(type: K, listener: (this: HTMLElement, ev: CustomEvent<WidgetEventMap[K]>) => void, options?: boolean | EventListenerOptions): void;',
    '  removeEventListener(type: string, listener: EventListenerOrEventListenerObject, options?: boolean | EventListenerOptions): void;',
    '}',
  ];
  for (const el of elements) {
    parts.push('', propsInterface(el), '');
    const members = el.methods.map((m) => `  /** ${m.description} */\n  ${m.name}(): void;`);
    parts.push(
      `/** <${el.tag}>: ${el.description.replace(/\*\//g, '')} */`,
      `export interface ${el.className}Element extends Omit<HTMLElement, 'lang' | 'addEventListener' | 'removeEventListener'>, Omit<${el.className}Props, 'lang'>, WidgetEventTarget {`,
      "  /** 'zh' (default) or 'en' */",
      '  lang: string;',
      `  /** events: ${el.events.join(', ')} */`,
      ...members,
      '}',
    );
  }
  parts.push('', 'declare global {', '  interface HTMLElementTagNameMap {', ...elements.map((el) => `    '${el.tag}': ${el.className}Element;`), '  }', '}', '');
  return parts.join('\n');
}

const onName = (event: string) => `on${event.replace(/(^|-)([a-z])/g, (_m, _d, c: string) => c.toUpperCase())}`;

/** zp-widgets-vue.d.ts: `<zp-task-board :class-id="…" @zp-task-open="…">` type-checked in Vue templates. */
export function vueTypes(elements: ElementInfo[], from = './zp-widgets'): string {
  return [
    "// Vue 3 template types of zhipi's custom elements (docs/widgets.md \"Vue 3\"). Generated; do not edit.",
    "import type { DefineComponent, HTMLAttributes } from 'vue';",
    `import type { ${elements.map((el) => `${el.className}Props`).join(', ')}, WidgetEventMap } from '${from}';`,
    `export * from '${from}';`,
    '',
    "declare module 'vue' {",
    '  interface GlobalComponents {',
    ...elements.map(
      // the element's own props and events, and what any element takes (id, class, style, …)
      (el) => `    '${el.tag}': DefineComponent<Omit<HTMLAttributes, 'lang'> & ${el.className}Props & { ${el.events.map((e) => `${onName(e)}?: (event: CustomEvent<WidgetEventMap['${e}']>) => void`).join('; ')} }>;`,
    ),
    '  }',
    '}',
    '',
  ].join('\n');
}

/** zp-widgets-react.d.ts: `<zp-task-board classId={2} />` in React 19 JSX (a property when the element is defined). */
export function reactTypes(elements: ElementInfo[], from = './zp-widgets'): string {
  return [
    "// React 19 JSX types of zhipi's custom elements (docs/widgets.md \"React 19\"). Generated; do not edit.",
    "import type { DetailedHTMLProps, HTMLAttributes } from 'react';",
    `import type { ${elements.map((el) => `${el.className}Element, ${el.className}Props`).join(', ')}, WidgetEventMap } from '${from}';`,
    `export * from '${from}';`,
    '',
    'type Base<E> = Omit<DetailedHTMLProps<HTMLAttributes<E>, E>, \'lang\'> & { lang?: string };',
    '',
    "declare module 'react' {",
    '  namespace JSX {',
    '    interface IntrinsicElements {',
    // React 19 adds a listener for `onzp-task-open={…}` on a custom element (the name after `on`, as written)
    ...elements.map((el) => `      '${el.tag}': Base<${el.className}Element> & ${el.className}Props & { ${el.events.map((e) => `'on${e}'?: (event: CustomEvent<WidgetEventMap['${e}']>) => void`).join('; ')} };`),
    '    }',
    '  }',
    '}',
    '',
  ].join('\n');
}
