import { describe, expect, it } from 'vitest';
import { extractOpenAISchemas } from './extract-openai-schemas';

const ref = (name: string) => ({ $ref: `#/components/schemas/${name}` });

/** A tiny OpenAPI 3.1 document with each quirk the extraction converts. */
const document = {
  openapi: '3.1.0',
  info: { version: '9.9.9' },
  components: {
    schemas: {
      CreateChatCompletionRequest: {
        allOf: [
          ref('Shared'),
          {
            type: 'object',
            properties: {
              messages: { type: 'array', items: ref('Message') },
              seed: { type: 'integer', nullable: true },
            },
            required: ['messages'],
          },
        ],
      },
      CreateResponse: { allOf: [ref('Shared'), { type: 'object', properties: { filter: ref('Filter') } }] },
      Shared: {
        type: 'object',
        description: 'dropped',
        properties: { model: { type: 'string', example: 'gpt' }, description: { type: 'string' } },
        required: ['model'],
      },
      Message: { oneOf: [ref('User'), ref('Tool')], discriminator: { propertyName: 'role' } },
      User: {
        type: 'object',
        properties: { role: { type: 'string', enum: ['user'], 'x-stainless-const': true } },
      },
      Tool: { type: 'object', properties: { role: { type: 'string', enum: ['tool'], nullable: true } } },
      Filter: {
        $recursiveAnchor: true,
        type: 'object',
        properties: {
          filters: { type: 'array', items: { oneOf: [{ type: 'string' }, { $recursiveRef: '#' }] } },
        },
      },
      Unreached: { type: 'string' },
    },
  },
};

describe('extractOpenAISchemas', () => {
  const { $defs, $comment } = extractOpenAISchemas(document, 'abc123') as {
    $defs: Record<string, unknown>;
    $comment: string;
  };

  it('keeps only the schemas the two request roots reach, after merging allOf', () => {
    expect(Object.keys($defs)).toEqual([
      'CreateChatCompletionRequest',
      'CreateResponse',
      'Filter',
      'Message',
      'Tool',
      'User',
    ]);
    expect($comment).toContain('sha256 abc123');
    expect($comment).toContain('info.version 9.9.9');
  });

  it('merges an allOf of objects into one object, properties and required united', () => {
    expect($defs.CreateChatCompletionRequest).toEqual({
      type: 'object',
      properties: {
        model: { type: 'string' },
        description: { type: 'string' },
        messages: { type: 'array', items: { $ref: '#/$defs/Message' } },
        seed: { type: ['integer', 'null'] },
      },
      required: ['model', 'messages'],
    });
  });

  it('turns a discriminated oneOf into anyOf and nullable enums into enums with null', () => {
    expect($defs.Message).toEqual({ anyOf: [{ $ref: '#/$defs/User' }, { $ref: '#/$defs/Tool' }] });
    expect($defs.User).toEqual({ type: 'object', properties: { role: { type: 'string', enum: ['user'] } } });
    expect($defs.Tool).toEqual({
      type: 'object',
      properties: { role: { type: ['string', 'null'], enum: ['tool', null] } },
    });
  });

  it('turns $recursiveRef into a $ref to the anchoring schema', () => {
    expect($defs.Filter).toEqual({
      type: 'object',
      properties: {
        filters: { type: 'array', items: { oneOf: [{ type: 'string' }, { $ref: '#/$defs/Filter' }] } },
      },
    });
  });
});
