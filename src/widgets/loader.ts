import { ZpTaskBoard } from './zp-task-board';

/** Registers zhipi's custom elements once (a second copy of the loader is harmless). */
if (!customElements.get('zp-task-board')) customElements.define('zp-task-board', ZpTaskBoard);
