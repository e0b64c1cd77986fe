import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { moduleGraph } from '../../scripts/widget-catalogue';
import { WIDGET_ELEMENTS } from '../../vite.widgets.config';

// The elements' build replaces antd's Tabs inside Card with a module that throws
// (src/widgets/lighter/no-card-tabs.ts): that holds only while no element's code gives a Card a tabList.
const root = path.resolve(import.meta.dirname, '../..');

describe("the elements' lighter antd", () => {
  it('has no Card with a tabList in any element', () => {
    const files = moduleGraph(Object.values(WIDGET_ELEMENTS).map((entry) => path.join(root, entry)));
    expect(files.length).toBeGreaterThan(50);
    expect(files.filter((file) => /\btabList\b/.test(readFileSync(file, 'utf8'))).map((f) => path.relative(root, f))).toEqual([]);
  });
});
