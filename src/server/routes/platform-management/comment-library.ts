import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import * as c from '../../../core/api/contracts/comment-library';
import { errorBody } from '../../../core/api/contracts/envelope';
import { idParams, idQuery } from '../../../core/api/contracts/paging';
import { authOf } from '../../plugins/request-context';
import { commentLibraryService } from '../../services/comment-library-service';
import type { Services } from '../../services/services';
import { ok, responses } from '../reply';

const tags = ['platform-management: comment library'];
const with404 = <T extends z.ZodType>(data: T) => ({ ...responses(data), 404: errorBody });

/** `commentLibrary/*`: search the public library and one's own comments, save, count a use, delete one's own. */
export const commentLibraryRoutes: FastifyPluginAsyncZod<{ services: Services }> = async (app, { services }) => {
  const svc = commentLibraryService(services.deps);
  app.get('/commentLibrary/list', {
    schema: { tags, summary: 'Comments of the public library and the caller’s own (scope all|public|mine), filtered by kind, dimension, genre, core, tag and words searched in text and tags; core first, then the most used', querystring: c.commentListQuery, response: responses(c.commentList) },
  }, async (req) => ok(await svc.list(authOf(req), req.query)));
  app.get('/commentLibrary/tags', {
    schema: { tags, summary: 'Tags of the comments the caller sees, with how many comments carry each', response: responses(c.commentTags) },
  }, async (req) => ok(await svc.tags(authOf(req))));
  app.post('/commentLibrary/save', {
    schema: { tags, summary: 'Save a comment to the caller’s own library (one click from the comment box); the same text again returns the existing one', body: c.saveCommentBody, response: responses(c.libraryComment) },
  }, async (req) => ok(await svc.save(authOf(req), req.body)));
  app.post('/commentLibrary/use/:id', {
    schema: { tags, summary: 'Count one use of a comment the caller sees (inserted into a comment or attached to a sentence)', params: idParams, response: with404(c.libraryComment) },
  }, async (req) => ok(await svc.use(authOf(req), req.params.id)));
  app.delete('/commentLibrary/del', {
    schema: { tags, summary: 'Delete one of the caller’s own comments (public and other teachers’ comments: 404)', querystring: idQuery, response: with404(z.object({ deleted: z.number().int() })) },
  }, async (req) => ok(await svc.remove(authOf(req), req.query.id)));
};
