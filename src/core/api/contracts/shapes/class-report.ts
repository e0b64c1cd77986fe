import { z } from 'zod';
import * as c from '../class-report';

/** The PDF is opened by plain navigation (no Accept-Language from the page): the H5 page says its language. */
export const parentPdfQuery = c.parentReportQuery.extend({ lang: z.enum(['zh', 'en']).optional() });
export const parentLinks = z.array(c.parentLink);
export const reportParentLinksRevokeAnswer = z.object({ revoked: z.boolean() });
