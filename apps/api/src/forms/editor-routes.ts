import {
  createFormInputSchema,
  editorFormInputSchema,
  FORMS_API,
  submissionQuerySchema,
  type FormEditorFeatures,
} from '@site/forms';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { z } from 'zod';
import type { Database } from '../db/client';
import type { RouteDocs } from '../http/openapi';
import { createRoleGuard, handle, parse, registerApiErrors } from '../http';
import {
  createForm,
  deleteForm,
  exportSubmissions,
  listForms,
  listSubmissions,
  requireStoredForm,
  submissionDetail,
  updateForm,
} from './form-editor-store';

export interface FormEditorRouteOptions {
  db: Database;
  /** The site's features; the form handler is on unless the site turns it off. */
  features?: FormEditorFeatures;
}

const FormParams = z.object({ id: z.string().min(1).max(200) });
const SubmissionParams = FormParams.extend({ submissionId: z.string().min(1).max(200) });

/** /api/editor/forms: the form editor (fieldsets 1 to 5) and each form's submissions inbox. */
export function registerFormEditorRoutes(app: FastifyInstance, options: FormEditorRouteOptions): void {
  const { db } = options;
  const features = options.features ?? { formHandler: true };
  void app.register(async (scope) => {
    registerApiErrors(scope);
    const guard = createRoleGuard({ db });
    const read = { preHandler: guard.read };
    const write = { preHandler: guard.write };
    const formId = (request: FastifyRequest) => parse(FormParams, request.params).id;

    scope.get(
      FORMS_API.forms,
      read,
      handle(async (request) => ({ forms: await listForms(db, request.site.websiteId) })),
    );
    scope.post(
      FORMS_API.forms,
      write,
      handle(async (request, reply) =>
        reply
          .status(201)
          .send(
            await createForm(db, request.site.websiteId, parse(createFormInputSchema, request.body).name),
          ),
      ),
    );
    scope.get(
      `${FORMS_API.forms}/:id`,
      read,
      handle(async (request) => {
        const { form, storage, updatedAt } = await requireStoredForm(
          db,
          request.site.websiteId,
          formId(request),
        );
        return { form: { ...form, storage }, updatedAt, features };
      }),
    );
    scope.put(
      `${FORMS_API.forms}/:id`,
      write,
      handle(async (request) => {
        const id = formId(request);
        await updateForm(
          db,
          request.site.websiteId,
          id,
          parse(editorFormInputSchema, request.body),
          features,
        );
        const { form, storage, updatedAt } = await requireStoredForm(db, request.site.websiteId, id);
        return { form: { ...form, storage }, updatedAt, features };
      }),
    );
    scope.delete(
      `${FORMS_API.forms}/:id`,
      write,
      handle(async (request, reply) => {
        await deleteForm(db, request.site.websiteId, formId(request));
        return reply.status(204).send();
      }),
    );
    scope.get(
      `${FORMS_API.forms}/:id/submissions`,
      read,
      handle(async (request) =>
        listSubmissions(
          db,
          request.site.websiteId,
          formId(request),
          parse(submissionQuerySchema, request.query).cursor,
        ),
      ),
    );
    scope.get(
      `${FORMS_API.forms}/:id/submissions/:submissionId`,
      read,
      handle(async (request) => {
        const { id, submissionId } = parse(SubmissionParams, request.params);
        return submissionDetail(db, request.site.websiteId, id, submissionId);
      }),
    );
    scope.get(
      `${FORMS_API.forms}/:id/submissions.csv`,
      read,
      handle(async (request, reply) => {
        const { name, csv } = await exportSubmissions(db, request.site.websiteId, formId(request));
        const file = `${
          name
            .replace(/[^\w -]+/g, '')
            .trim()
            .replace(/\s+/g, '-') || 'form'
        }-submissions.csv`;
        return reply
          .type('text/csv; charset=utf-8')
          .header('content-disposition', `attachment; filename="${file}"`)
          .send(csv);
      }),
    );
  });
}

const owner = { tags: ['forms'], guard: 'member' as const };
export const formEditorRouteDocs: RouteDocs = {
  [`GET ${FORMS_API.forms}`]: {
    ...owner,
    summary: "The site's forms with their field and submission counts",
  },
  [`POST ${FORMS_API.forms}`]: {
    ...owner,
    summary: 'Create an empty form (201)',
    body: createFormInputSchema,
    status: 201,
  },
  [`GET ${FORMS_API.forms}/:id`]: {
    ...owner,
    summary: 'One form: fields, storage, advanced, captcha and disclaimer, with the site features',
  },
  [`PUT ${FORMS_API.forms}/:id`]: {
    ...owner,
    summary: 'Save every fieldset of a form at once',
    body: editorFormInputSchema,
  },
  [`DELETE ${FORMS_API.forms}/:id`]: {
    ...owner,
    summary: 'Delete a form and its submissions (204)',
    status: 204,
  },
  [`GET ${FORMS_API.forms}/:id/submissions`]: {
    ...owner,
    summary: "The newest submissions first, 25 at a time; `cursor` is the previous page's nextPageCursor",
    query: submissionQuerySchema,
  },
  [`GET ${FORMS_API.forms}/:id/submissions/:submissionId`]: {
    ...owner,
    summary: 'One submission with its form summary',
  },
  [`GET ${FORMS_API.forms}/:id/submissions.csv`]: {
    ...owner,
    summary: 'Every submission as CSV, one column per field',
  },
};
