// /api/v1/attachments (beyond the contract, in its conventions): GET ?recordId= lists a record's files,
// POST attaches one (JSON with the bytes in base64, or the raw bytes with ?recordId=&filename=),
// GET /{id} its details, GET /{id}/content its bytes, DELETE /{id} takes it off.
import { idType } from '../../lib/ids.ts';
import { notFound } from '../../lib/errors.ts';
import type { RestRoute } from '../../http/rest.ts';
import { createRoute, resourceRoutes } from '../../http/rest-resource.ts';
import { attachmentRepresentation } from './attachments.public.ts';
import { refuseUnreadableFile } from './attachments.schema.ts';
import { attachmentContent, MAX_ATTACHMENT_BYTES } from './attachments.service.ts';

export const attachmentRoutes: RestRoute[] = [
  ...resourceRoutes({
    path: '/api/v1/attachments',
    typename: 'Attachment',
    label: 'attachment',
    plural: 'attachments',
    representation: attachmentRepresentation,
    filters: ['recordId'],
    nodeNarrowed: true, // a key finds only the files of records it may read
    whyNotFound: refuseUnreadableFile,
    list: "List files: a record's (needs read access to it too), or of every record the key may read",
    retrieve: "Retrieve an attachment's details (needs read access to its record too)",
    delete: { summary: 'Take a file off its record (needs write access to the record too)' },
  }),
  {
    ...createRoute({
      path: '/api/v1/attachments',
      mutation: 'attachFile',
      summary:
        'Attach a file to a record: JSON { recordId, filename, contentBase64 }, or the raw bytes with ?recordId=&filename= (10 MB, ' +
        '10 files a record; PDF, images, CSV, text, judged by the bytes)',
      inputType: 'AttachFileInput',
      schema: attachmentRepresentation.schema,
      location: (id) => `/api/v1/attachments/${id}`,
    }),
    // The raw bytes, base64 as the mutation takes them: a 10 MB file is a body of about 13.4 MB as JSON.
    maxBodyBytes: Math.ceil((MAX_ATTACHMENT_BYTES * 4) / 3) + 64 * 1024,
    rawBody: {
      accepts: /^(application\/(octet-stream|pdf)|image\/[a-z0-9.+-]+|text\/(csv|plain))$/,
      toBody: (bytes, query) => ({
        recordId: query.get('recordId') ?? undefined,
        filename: query.get('filename') ?? undefined,
        contentBase64: bytes.toString('base64'),
      }),
    },
  },
  {
    method: 'GET',
    path: '/api/v1/attachments/:id/content',
    operationId: 'getAttachmentContent',
    summary: "An attachment's bytes, as its type (needs read access to its record too)",
    // Whatever the file is: its own type is the answer's Content-Type.
    produces: '*/*',
    responses: { 200: { type: 'string', format: 'binary' } },
    document: 'query getAttachmentContent($id: ID!) { node(id: $id) { __typename ... on Attachment { id recordId } } }',
    toVariables: (req) => {
      if (idType(req.params.id) !== 'Attachment') throw notFound('attachment', req.params.id);
      return { id: req.params.id };
    },
    toResult: async (data, req, context) => {
      const node = data.node as { __typename: string; id: string; recordId: string } | null;
      // The lookup finds only files of records the key may read.
      if (node?.__typename !== 'Attachment') {
        await refuseUnreadableFile(req.params.id, context);
        throw notFound('attachment', req.params.id);
      }
      const file = await attachmentContent(context, node.id);
      return {
        status: 200,
        body: Buffer.from(file.content),
        headers: {
          'content-type': file.contentType,
          'content-disposition': `attachment; filename*=UTF-8''${encodeURIComponent(file.filename)}`,
          digest: `sha-256=${Buffer.from(file.sha256, 'hex').toString('base64')}`,
          'x-content-type-options': 'nosniff',
        },
      };
    },
  },
];
