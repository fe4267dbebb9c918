/**
 * The object-store side of the service: presigned downloads (GET /files/…) and single-use upload
 * addresses (PUT /uploads/…). Neither takes a bearer token; the signature in the address is the
 * authorisation, as with S3.
 */
import { createReadStream } from 'node:fs';
import type { FastifyError, FastifyInstance } from 'fastify';
import type { ServiceContext } from '../context.js';
import { isFileId } from './file-store.js';

const detail = (message: string) => ({ detail: message });

export async function fileRoutes(app: FastifyInstance, ctx: ServiceContext, maxUploadBytes: number): Promise<void> {
  app.get<{ Params: { id: string; name: string }; Querystring: Record<string, string> }>('/files/:id/:name', async (request, reply) => {
    const { id } = request.params;
    if (!ctx.files.verify('get', id, request.query.expires, request.query.signature)) {
      return reply.code(403).send(detail('The address is invalid or has expired'));
    }
    // Ids are checked even behind a valid signature: the id becomes a path on disk.
    const file = isFileId(id) ? ctx.store.file(id) : undefined;
    if (!file) return reply.code(404).send(detail('No such file'));
    const type = file.name.endsWith('.xlsx')
      ? 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet'
      : file.name.endsWith('.zip') ? 'application/zip' : 'application/octet-stream';
    return reply
      .header('content-type', type)
      .header('content-length', String(file.size))
      .header('content-disposition', `attachment; filename="${file.name.replace(/"/g, '')}"`)
      .header('x-checksum-sha256', file.sha256)
      .send(createReadStream(ctx.files.path(id)));
  });

  await app.register(async (uploads) => {
    // Upload bodies are the raw bytes of a workbook, whatever content type the uploader says.
    uploads.removeAllContentTypeParsers();
    uploads.addContentTypeParser('*', { parseAs: 'buffer', bodyLimit: maxUploadBytes }, (_req, body, done) => done(null, body));
    // The service-wide handler would quote the limit of JSON bodies, not this one.
    uploads.setErrorHandler((error: FastifyError, _request, reply) => {
      if (error.code !== 'FST_ERR_CTP_BODY_TOO_LARGE') throw error;
      return reply.code(413).send(detail(`the upload is larger than the limit of ${maxUploadBytes} bytes`));
    });
    uploads.put<{ Params: { token: string }; Querystring: Record<string, string> }>('/uploads/:token', async (request, reply) => {
      const { token } = request.params;
      if (!ctx.files.verify('put', token, request.query.expires, request.query.signature)) {
        return reply.code(403).send(detail('The upload address is invalid or has expired'));
      }
      const upload = ctx.store.upload(token);
      if (!upload) return reply.code(403).send(detail('The upload address is invalid or has expired'));
      if (upload.fileId) return reply.code(409).send(detail('Something was uploaded to this address already; ask for a new one'));
      const bytes = Buffer.isBuffer(request.body) ? request.body : Buffer.alloc(0);
      const file = await ctx.files.save(upload.accountId, 'upload', 'upload.xlsx', bytes);
      if (!ctx.store.completeUpload(token, file.id)) {
        return reply.code(409).send(detail('Something was uploaded to this address already; ask for a new one'));
      }
      return reply.code(200).send();
    });
  });
}
