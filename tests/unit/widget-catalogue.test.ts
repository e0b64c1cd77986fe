import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { keysNamedIn, moduleGraph } from '../../scripts/widget-catalogue';
import { SSO_ERRORS } from '../../src/core/api/contracts/sso-errors';
import { zh } from '../../src/core/i18n/zh';
import { WIDGET_ELEMENTS } from '../../vite.widgets.config';

// The elements' build ships only the keys their code names (scripts/widget-catalogue.ts).
const root = path.resolve(import.meta.dirname, '../..');
const keys = keysNamedIn(moduleGraph(Object.values(WIDGET_ELEMENTS).map((entry) => path.join(root, entry))), Object.keys(zh));

describe("the elements' catalogue subset", () => {
  it('holds the keys named literally, through constants and in lazily loaded views', () => {
    for (const key of ['widget.signingIn', 'widget.noToken', 'error.network', 'error.timeout', 'panel.retry', 'task.classNotFound', ...Object.values(SSO_ERRORS)]) expect(keys).toContain(key);
  });

  it('holds every key under a prefix built at run time', () => {
    const features = Object.keys(zh).filter((k) => k.startsWith('panel.feature.'));
    expect(features.length).toBeGreaterThan(3);
    for (const key of features) expect(keys).toContain(key);
  });

  it('leaves out the faces the elements do not show', () => {
    expect(keys.some((k) => k.startsWith('enroll') || k.startsWith('lcw.') || k.startsWith('leaders.'))).toBe(false);
    expect(keys.length).toBeLessThan(Object.keys(zh).length / 3);
  });
});
