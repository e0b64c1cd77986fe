import { z } from 'zod';


export const batchUploadProgressParams = z.object({ batchId: z.string().uuid() });
