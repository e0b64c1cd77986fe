import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';
import { customElementsManifest, describeElement, elementTypes, reactTypes, vueTypes } from '../../scripts/widgets-manifest';
import { WIDGET_ELEMENTS } from '../../vite.widgets.config';

const root = path.resolve(import.meta.dirname, '../..');
const described = Object.entries(WIDGET_ELEMENTS).map(([tag, entry]) => describeElement(root, tag, entry));

describe('widgets manifest and types (scripts/widgets-manifest.ts)', () => {
  it('describes every registered element from its sources: props, events, methods', () => {
    const board = described.find((e) => e.tag === 'zp-task-board')!;
    expect(board.props.map((p) => `${p.attribute}:${p.type}`)).toEqual(['api-base:string', 'token:secret', 'sso-ticket:secret', 'partner-id:string', 'lang:string', 'class-id:number', 'readonly:boolean', 'theme:json']);
    expect(board.events).toEqual(expect.arrayContaining(['zp-ready', 'zp-rendered', 'zp-error', 'zp-auth-expired', 'zp-task-open', 'zp-navigate']));
    expect(board.methods.map((m) => m.name)).toEqual(['refresh', 'signOut', 'destroy']);
    for (const el of described) expect(el.methods.map((m) => m.name)).toEqual(expect.arrayContaining(['signOut', 'destroy']));
    const panel = described.find((e) => e.tag === 'zp-correction-panel')!;
    expect(panel.events).toEqual(expect.arrayContaining(['zp-essay-open', 'zp-approved']));
    const manifest = customElementsManifest(described, 'zp-widgets.js');
    // a secret is an attribute a host may write, never one the element writes back
    const token = manifest.modules[0]!.declarations[0]!.members.find((m) => m.name === 'token') as { reflects?: boolean };
    expect(token.reflects).toBe(false);
    expect(manifest.modules[0]!.exports.map((e) => e.name).sort()).toEqual(Object.keys(WIDGET_ELEMENTS).sort());
  });

  it('writes declarations that type-check a host using them (DOM, Vue templates, React JSX)', () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'zp-widgets-types-'));
    try {
      writeFileSync(path.join(dir, 'zp-widgets.d.ts'), elementTypes(described, root));
      writeFileSync(path.join(dir, 'zp-widgets-vue.d.ts'), vueTypes(described));
      writeFileSync(path.join(dir, 'zp-widgets-react.d.ts'), reactTypes(described));
      writeFileSync(
        path.join(dir, 'host.tsx'),
        `import './zp-widgets-react';
import './zp-widgets-vue';
const board = document.createElement('zp-task-board');
board.classId = 2;
board.readonly = true;
board.refresh();
board.signOut();
panel0().destroy();
function panel0() { return document.createElement('zp-correction-panel'); }
board.addEventListener('zp-task-open', (e) => console.log(e.detail.taskId + 1));
const panel = document.querySelector('zp-correction-panel')!;
panel.addEventListener('zp-essay-open', (e) => { panel.essayId = e.detail.essayId; });
// @ts-expect-error class-id is a number
board.classId = 'x';
export const el = <zp-task-board classId={2} readonly lang="en" apiBase="https://x" theme={{ colorPrimary: '#000' }} onzp-task-open={(e) => console.log(e.detail.taskId + 1)} onzp-rendered={(e) => console.log(e.detail.element)} />;
export const report = <zp-class-report taskId={1} classId={2} mode="full" onzp-error={(e) => console.log(e.detail.code)} />;
`,
      );
      const program = ts.createProgram([path.join(dir, 'host.tsx')], {
        strict: true,
        noEmit: true,
        jsx: ts.JsxEmit.ReactJSX,
        module: ts.ModuleKind.ESNext,
        moduleResolution: ts.ModuleResolutionKind.Bundler,
        target: ts.ScriptTarget.ES2022,
        lib: ['lib.dom.d.ts', 'lib.es2022.d.ts'],
        types: [],
        skipLibCheck: true,
        baseUrl: dir,
        paths: { vue: [path.join(root, 'node_modules/vue')], react: [path.join(root, 'node_modules/@types/react')], 'react/jsx-runtime': [path.join(root, 'node_modules/@types/react/jsx-runtime')] },
      });
      const errors = ts.getPreEmitDiagnostics(program).map((d) => ts.flattenDiagnosticMessageText(d.messageText, '\n'));
      expect(errors).toEqual([]);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  }, 90_000);
});
