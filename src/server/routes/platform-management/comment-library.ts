import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import * as c from '../../../core/api/contracts/comment-library';
import { idParams, idQuery } from '../../../core/api/contracts/paging';
import { authOf } from '../../plugins/request-context';
import { commentLibraryService } from '../../services/comment-library-service';
import type { Services } from '../../services/services';
import { ok } from '../reply';
import { commentLibrary as rt } from '../../../core/api/routes/comment-library';
import * as shapes from '../../../core/api/contracts/shapes/comment-library';
import { defineRoute } from '../define-route';

/** `commentLibrary/*`: search the public library and one's own comments, save, count a use, delete one's own. */
export const commentLibraryRoutes: FastifyPluginAsyncZod<{ services: Services }> = async (app, { services }) => {
  const svc = commentLibraryService(services.deps);
  defineRoute(app, rt.list, { query: c.commentListQuery, answer: c.commentList }, async (req) => ok(await svc.list(authOf(req), req.query)));
  defineRoute(app, rt.tags, { answer: c.commentTags }, async (req) => ok(await svc.tags(authOf(req))));
  defineRoute(app, rt.save, { body: c.saveCommentBody, answer: c.libraryComment }, async (req) => ok(await svc.save(authOf(req), req.body)));
  defineRoute(app, rt.use, { params: idParams, answer: c.libraryComment }, async (req) => ok(await svc.use(authOf(req), req.params.id)));
  defineRoute(app, rt.del, { query: idQuery, answer: shapes.delAnswer }, async (req) => ok(await svc.remove(authOf(req), req.query.id)));
};
