// Entry of the zp-task-board module (one ES module per element; docs/widgets.md "Delivery").
import { defineElement } from '../define-element';
import { ZpTaskBoard } from '../zp-task-board';

defineElement('zp-task-board', ZpTaskBoard);
