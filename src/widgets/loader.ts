// Every element, straight from the sources: the dev server's /teaching/widgets/zp-widgets.js and
// in-source tests. Production pages load the built loader instead (vite.widgets.config.ts).
import './elements/zp-task-board';
import './elements/zp-correction-panel';
import './elements/zp-class-report';
import './elements/zp-growth-profile';
