// Entry of the zp-class-report module (one ES module per element; docs/widgets.md "Delivery").
import { defineElement } from '../define-element';
import { ZpClassReport } from '../zp-class-report';

defineElement('zp-class-report', ZpClassReport);
