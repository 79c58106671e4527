import type { MultipartFile as FilePart } from '@fastify/multipart';
import type { Endpoint, ErrorCode, FileKind, Multipart } from '@talentloop/contract';
import type { MultipartFile } from '@talentloop/contract/api/define';
import type { FastifyRequest } from 'fastify';
import { z } from 'zod';
import { sniffKind } from '../infra/file-kind.ts';
import { AppError } from './app-error.ts';
import { parseOrThrow } from './validate.ts';

// The one multipart reader (issue 19). Every upload endpoint declares its body in the contract
// (`multipart`: fields, files, part limits); this module reads a request against that declaration
// and answers every failure with the catalogue code the declaration names:
//   not multipart 00415; a malformed body 00400; more parts or fields than the limits 00413 (more
//   files: `limits.tooManyFiles`, else 00413); a file past its size, cut off while it streams, its
//   `tooLarge`; an undeclared file part dropped or refused (00400); a JSON field that is missing or
//   not JSON its `malformed`, then each field checked by its schema (its TL_CORE code, or 00400);
//   a required file absent or empty its `missing`; then the endpoint's own cheap checks (`before`);
//   then each file's kind sniffed from its bytes (infra/file-kind.ts), none of its kinds `wrongKind`.

export type UploadedFile = { data: Buffer; kind: FileKind; filename: string };

type Declared = Endpoint & { multipart: Multipart };
type MultipartOf<E extends Declared> = E['multipart'];

/** What a request carried: each field as its schema output, each file part's files in order. */
export type Upload<E extends Declared> = {
  fields: { [K in keyof MultipartOf<E>['fields']]: z.output<MultipartOf<E>['fields'][K]['schema']> };
  files: { [K in keyof MultipartOf<E>['files']]: UploadedFile[] };
};

type Raw = { fields: Record<string, unknown>; files: Record<string, Array<{ data: Buffer; filename: string }>> };

const MALFORMED = 'The multipart body is malformed.';

function tooLargeCode(multipart: Multipart, fieldname: string | undefined): ErrorCode {
  const file = (fieldname && multipart.files[fieldname]) || largest(multipart);
  return file?.tooLarge ?? 'TL_CORE_00413_E';
}

/** The declared file with the largest size: the cut-off for parts that are read and dropped. */
function largest(multipart: Multipart): MultipartFile | undefined {
  return Object.values(multipart.files).sort((a, b) => b.maxBytes - a.maxBytes)[0];
}

/** Reads a file part to its end, cut off at `max` bytes (past it: `code`, and nothing more is read). */
async function readFile(part: FilePart, max: number, code: ErrorCode) {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of part.file as AsyncIterable<Buffer>) {
    size += chunk.length;
    if (size > max) throw new AppError(code);
    chunks.push(chunk);
  }
  if (part.file.truncated) throw new AppError(code);
  return Buffer.concat(chunks);
}

async function stream(request: FastifyRequest, multipart: Multipart): Promise<Raw> {
  const { limits } = multipart;
  const cutOff = largest(multipart)?.maxBytes ?? 0;
  const raw: Raw = { fields: {}, files: {} };
  try {
    const parts = request.parts({
      limits: { fileSize: cutOff, files: limits.files, fields: limits.fields, fieldSize: limits.fieldBytes, parts: limits.parts },
    });
    for await (const part of parts) {
      if (part.type === 'field') {
        if (Object.hasOwn(multipart.fields, part.fieldname)) raw.fields[part.fieldname] = part.value;
        continue;
      }
      const declared = Object.hasOwn(multipart.files, part.fieldname) ? multipart.files[part.fieldname] : undefined;
      const taken = declared ? (raw.files[part.fieldname] ?? []) : [];
      if (declared && taken.length < declared.maxCount) {
        taken.push({ data: await readFile(part, declared.maxBytes, declared.tooLarge), filename: part.filename });
        raw.files[part.fieldname] = taken;
        continue;
      }
      // Another file part (or one past its count): read to the cut-off and dropped, or refused.
      await readFile(part, cutOff, tooLargeCode(multipart, part.fieldname));
      if (multipart.otherFiles === 'drop') continue;
      if (declared) throw new AppError(limits.tooManyFiles ?? 'TL_CORE_00413_E');
      throw new AppError('TL_CORE_00400_E', `Unexpected file part '${part.fieldname.slice(0, 40)}'.`);
    }
  } catch (err) {
    if (err instanceof AppError) throw err;
    const code = (err as { code?: string }).code;
    if (code === 'FST_REQ_FILE_TOO_LARGE') {
      throw new AppError(tooLargeCode(multipart, (err as { part?: { fieldname?: string } }).part?.fieldname));
    }
    if (code === 'FST_FILES_LIMIT') throw new AppError(limits.tooManyFiles ?? 'TL_CORE_00413_E');
    if (code === 'FST_PARTS_LIMIT' || code === 'FST_FIELDS_LIMIT') throw new AppError('TL_CORE_00413_E');
    throw new AppError('TL_CORE_00400_E', MALFORMED);
  }
  return raw;
}

/** The text fields of a declaration as one object schema (checked together, the first failing field answering). */
const textSchemas = new WeakMap<Multipart, z.ZodObject>();
function textSchemaOf(multipart: Multipart): z.ZodObject {
  let schema = textSchemas.get(multipart);
  if (!schema) {
    const shape = Object.fromEntries(
      Object.entries(multipart.fields)
        .filter(([, f]) => f.type === 'text')
        .map(([name, f]) => [name, f.schema]),
    );
    schema = z.object(shape);
    textSchemas.set(multipart, schema);
  }
  return schema;
}

function parseFields(multipart: Multipart, raw: Raw): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const [name, field] of Object.entries(multipart.fields)) {
    if (field.type !== 'json') continue;
    const text = raw.fields[name];
    let json: unknown;
    try {
      if (typeof text !== 'string') throw new Error('not text');
      json = JSON.parse(text);
    } catch {
      throw new AppError(field.malformed);
    }
    out[name] = parseOrThrow(field.schema, json);
  }
  const text = textSchemaOf(multipart);
  if (Object.keys(text.shape).length > 0) {
    const values = Object.fromEntries(Object.keys(text.shape).flatMap((name) => (name in raw.fields ? [[name, raw.fields[name]]] : [])));
    Object.assign(out, parseOrThrow(text, values));
  }
  return out;
}

/**
 * Reads the request's multipart body against its endpoint's declaration (see the head of this
 * file for the order of the checks). `before` runs the endpoint's own cheap checks on the parsed
 * fields and the file counts before any file is sniffed.
 */
export async function readUpload<E extends Declared>(
  request: FastifyRequest,
  endpoint: E,
  opts: { before?: (upload: { fields: Upload<E>['fields']; counts: Record<keyof Upload<E>['files'], number> }) => unknown } = {},
): Promise<Upload<E>> {
  const { multipart } = endpoint;
  if (!request.isMultipart()) {
    throw new AppError('TL_CORE_00415_E', multipart.what ? `Send the ${multipart.what} as multipart/form-data.` : undefined);
  }
  const raw = await stream(request, multipart);
  const fields = parseFields(multipart, raw) as Upload<E>['fields'];
  for (const [name, file] of Object.entries(multipart.files)) {
    const first = raw.files[name]?.[0];
    if (file.required && (!first || first.data.length === 0))
      throw new AppError(file.missing?.code ?? 'TL_CORE_00400_E', file.missing?.message);
  }
  const counts = Object.fromEntries(Object.keys(multipart.files).map((name) => [name, raw.files[name]?.length ?? 0]));
  await opts.before?.({ fields, counts: counts as Record<keyof Upload<E>['files'], number> });
  const files: Record<string, UploadedFile[]> = {};
  for (const [name, file] of Object.entries(multipart.files)) {
    files[name] = [];
    for (const { data, filename } of raw.files[name] ?? []) {
      const kind = await sniffKind(data, file.kinds);
      if (!kind) throw new AppError(file.wrongKind);
      files[name].push({ data, kind, filename });
    }
  }
  return { fields, files: files as Upload<E>['files'] };
}

/** The OpenAPI schema of a multipart body: each field as text (JSON text where declared), each file as binary. */
export function multipartDocSchema(multipart: Multipart): Record<string, unknown> {
  const properties: Record<string, unknown> = {};
  const required: string[] = [];
  for (const [name, field] of Object.entries(multipart.fields)) {
    properties[name] =
      field.type === 'json'
        ? { type: 'string', contentMediaType: 'application/json', description: field.description }
        : { type: 'string', description: field.description };
    if (field.type === 'json' || !field.schema.safeParse(undefined).success) required.push(name);
  }
  for (const [name, file] of Object.entries(multipart.files)) {
    const one = { type: 'string', format: 'binary' };
    const limits = `${file.kinds.join(', ')}; at most ${file.maxBytes} bytes${file.maxCount > 1 ? ` each, at most ${file.maxCount} files` : ''}`;
    properties[name] =
      file.maxCount > 1
        ? { type: 'array', items: one, maxItems: file.maxCount, description: `${file.description} (${limits})` }
        : { ...one, description: `${file.description} (${limits})` };
    if (file.required) required.push(name);
  }
  return { type: 'object', properties, ...(required.length ? { required } : {}) };
}
