// antd's Card imports antd's Tabs (with rc-tabs, rc-dropdown and rc-menu: ~7 kB brotli) only to draw
// its `tabList`, which no element uses. The elements' build (vite.widgets.config.ts `lighterAntd`)
// points that import here; tests/unit/widgets-lighter-antd.test.ts fails if an element's code starts to use a tabList.
export default function CardTabsUnavailable(): never {
  throw new Error("Card's tabList is not part of the zhipi elements' build (vite.widgets.config.ts lighterAntd)");
}
