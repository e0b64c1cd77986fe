// Entry of the zp-growth-profile module (one ES module per element; docs/widgets.md "Delivery").
import { defineElement } from '../define-element';
import { ZpGrowthProfile } from '../zp-growth-profile';

defineElement('zp-growth-profile', ZpGrowthProfile);
