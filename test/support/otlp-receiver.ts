/**
 * A local OTLP/HTTP trace receiver for tests: accepts what an OpenTelemetry exporter POSTs to
 * /v1/traces as protobuf (ExportTraceServiceRequest, gzip or not), decodes it with the fields of
 * opentelemetry-proto's trace.proto that tests read, and keeps the spans with their resource.
 */
import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { gunzipSync } from 'node:zlib';
import protobuf from 'protobufjs';

// Field numbers as in opentelemetry/proto/{collector/trace,trace,resource,common}/v1; fields not
// declared here are skipped by the decoder, as protobuf allows.
const PROTO = `
syntax = "proto3";
package otlp;
message ExportTraceServiceRequest { repeated ResourceSpans resource_spans = 1; }
message ResourceSpans { Resource resource = 1; repeated ScopeSpans scope_spans = 2; }
message Resource { repeated KeyValue attributes = 1; }
message ScopeSpans { InstrumentationScope scope = 1; repeated Span spans = 2; }
message InstrumentationScope { string name = 1; string version = 2; }
message Span {
  bytes trace_id = 1; bytes span_id = 2; bytes parent_span_id = 4; string name = 5; int32 kind = 6;
  fixed64 start_time_unix_nano = 7; fixed64 end_time_unix_nano = 8; repeated KeyValue attributes = 9; Status status = 15;
}
message Status { string message = 2; int32 code = 3; }
message KeyValue { string key = 1; AnyValue value = 2; }
message AnyValue {
  oneof value { string string_value = 1; bool bool_value = 2; int64 int_value = 3; double double_value = 4; ArrayValue array_value = 5; KeyValueList kvlist_value = 6; bytes bytes_value = 7; }
}
message ArrayValue { repeated AnyValue values = 1; }
message KeyValueList { repeated KeyValue values = 1; }
`;
const Request = protobuf.parse(PROTO, { keepCase: false }).root.lookupType('otlp.ExportTraceServiceRequest');

export interface ReceivedSpan {
  traceId: string;
  spanId: string;
  /** Empty for a root span. */
  parentSpanId: string;
  name: string;
  /** 0 unset, 1 ok, 2 error. */
  statusCode: number;
  attributes: Record<string, unknown>;
  resource: Record<string, unknown>;
  scope: string;
}

export interface OtlpReceiver {
  /** The base URL, for OTEL_EXPORTER_OTLP_ENDPOINT. */
  url: string;
  spans: ReceivedSpan[];
  /** The headers of every export request received. */
  requests: IncomingHttpHeaders[];
  close(): Promise<void>;
}

type AnyValue = { stringValue?: string; boolValue?: boolean; intValue?: unknown; doubleValue?: number; arrayValue?: { values?: AnyValue[] }; kvlistValue?: { values?: KeyValue[] } };
type KeyValue = { key: string; value?: AnyValue };

function valueOf(value: AnyValue | undefined): unknown {
  if (!value) return undefined;
  if (value.stringValue !== undefined) return value.stringValue;
  if (value.boolValue !== undefined) return value.boolValue;
  if (value.intValue !== undefined) return Number(value.intValue);
  if (value.doubleValue !== undefined) return value.doubleValue;
  if (value.arrayValue) return (value.arrayValue.values ?? []).map(valueOf);
  if (value.kvlistValue) return attributesOf(value.kvlistValue.values);
  return undefined;
}

const attributesOf = (list: KeyValue[] = []) => Object.fromEntries(list.map((kv) => [kv.key, valueOf(kv.value)]));
const hex = (bytes?: Uint8Array) => Buffer.from(bytes ?? []).toString('hex');

/** Decodes one ExportTraceServiceRequest body into its spans. */
export function decodeTraces(body: Buffer): ReceivedSpan[] {
  const request = Request.toObject(Request.decode(body), { defaults: false }) as {
    resourceSpans?: { resource?: { attributes?: KeyValue[] }; scopeSpans?: { scope?: { name?: string }; spans?: Record<string, unknown>[] }[] }[];
  };
  const out: ReceivedSpan[] = [];
  for (const rs of request.resourceSpans ?? []) {
    const resource = attributesOf(rs.resource?.attributes);
    for (const ss of rs.scopeSpans ?? []) {
      for (const span of ss.spans ?? []) {
        out.push({
          traceId: hex(span.traceId as Uint8Array),
          spanId: hex(span.spanId as Uint8Array),
          parentSpanId: hex(span.parentSpanId as Uint8Array | undefined),
          name: span.name as string,
          statusCode: (span.status as { code?: number } | undefined)?.code ?? 0,
          attributes: attributesOf(span.attributes as KeyValue[] | undefined),
          resource,
          scope: ss.scope?.name ?? '',
        });
      }
    }
  }
  return out;
}

/** Starts a receiver on a free loopback port. */
export async function startOtlpReceiver(): Promise<OtlpReceiver> {
  const spans: ReceivedSpan[] = [];
  const requests: IncomingHttpHeaders[] = [];
  const server: Server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      if (req.method !== 'POST' || req.url !== '/v1/traces' || req.headers['content-type'] !== 'application/x-protobuf') {
        res.writeHead(404).end();
        return;
      }
      try {
        const raw = Buffer.concat(chunks);
        spans.push(...decodeTraces(req.headers['content-encoding'] === 'gzip' ? gunzipSync(raw) : raw));
        requests.push(req.headers);
        // An empty ExportTraceServiceResponse: everything accepted.
        res.writeHead(200, { 'content-type': 'application/x-protobuf' }).end();
      } catch (error) {
        res.writeHead(400, { 'content-type': 'text/plain' }).end(String(error));
      }
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    spans,
    requests,
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}
