import fastJsonStringify from 'fast-json-stringify';
import type { FastifySerializerCompiler } from 'fastify/types/schema.js';
import { z } from 'zod';

type JsonSchema = Record<string, unknown>;

/** `{ anyOf: [{ type: 'string' }, { type: 'null' }] }` → `{ type: ['string', 'null'] }`: the same meaning, without a validator at run time. */
function collapseBareUnions(schema: JsonSchema): void {
  const branches = schema.anyOf;
  if (!Array.isArray(branches)) return;
  const bare = branches.every((branch: JsonSchema) => typeof branch.type === 'string' && Object.keys(branch).length === 1);
  if (!bare) return;
  schema.type = branches.map((branch: JsonSchema) => branch.type);
  delete schema.anyOf;
}

/** The JSON Schema of a response, as the serializer reads it (draft-07, the output side of each zod schema). */
export function responseJsonSchema(schema: z.ZodType): JsonSchema {
  return z.toJSONSchema(schema, {
    target: 'draft-7',
    io: 'output',
    unrepresentable: 'any',
    override: (context) => collapseBareUnions(context.jsonSchema as JsonSchema),
  }) as JsonSchema;
}

/**
 * Serialises each route's answers from its zod response schemas (decision 014). Each schema is
 * turned into JSON Schema and compiled by fast-json-stringify once, when the route is registered;
 * at run time an answer is written field by field, and a field the schema does not list is never
 * sent (STYLE 5: present, don't leak). Checking every answer with zod instead cost about 60 µs per
 * autosave answer; this costs a few, about what JSON.stringify costs.
 */
export const serializerCompiler: FastifySerializerCompiler<z.ZodType> = ({ schema }) => {
  const stringify = fastJsonStringify(responseJsonSchema(schema) as never);
  return (data) => stringify(data);
};
