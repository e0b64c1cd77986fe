// Entry of the zp-correction-panel module (one ES module per element; docs/widgets.md "Delivery").
import { defineElement } from '../define-element';
import { ZpCorrectionPanel } from '../zp-correction-panel';

defineElement('zp-correction-panel', ZpCorrectionPanel);
