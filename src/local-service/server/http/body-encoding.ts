/**
 * JSON bodies arrive as UTF-8 or not at all. Fastify decodes a body with Buffer#toString, which
 * turns every invalid byte into U+FFFD: "bad\xff name" would be stored as "bad� name" and answered
 * 201. RFC 8259 (§8.1) makes UTF-8 the only encoding of JSON between systems, so a body declared in
 * another charset is refused rather than converted: honouring ISO-8859-1 would be a second decoding
 * path for bodies no conforming client sends, and any other charset would be one more.
 */
import { Transform, type Readable } from 'node:stream';

/** The labels of UTF-8 that a Content-Type's charset may carry (WHATWG Encoding lists more; these are the ones in use). */
const UTF8_LABELS = new Set(['utf-8', 'utf8']);

/** The charset parameter of a Content-Type, unquoted; undefined when there is none. */
export function charsetOf(contentType: string): string | undefined {
  const match = /;\s*charset\s*=\s*(?:"([^"]*)"|([^;\s]*))/i.exec(contentType);
  return match ? (match[1] ?? match[2]) : undefined;
}

/** Why a declared charset is refused, or undefined when it is UTF-8 (in any case) or absent. */
export function refusedCharset(contentType: string): string | undefined {
  const charset = charsetOf(contentType);
  if (charset === undefined || UTF8_LABELS.has(charset.toLowerCase())) return undefined;
  return `body: charset ${JSON.stringify(charset)} is not accepted; JSON bodies must be UTF-8 (RFC 8259): send charset=utf-8 or no charset`;
}

/** Where a body stops being UTF-8: the first byte of the sequence that is not a character. */
export interface Utf8Failure {
  offset: number;
  byte: number;
}

/**
 * Checks UTF-8 as bytes arrive, chunk boundaries included (a character may be split between two
 * chunks). The ranges are RFC 3629's: no overlong forms, no surrogates, nothing above U+10FFFF.
 */
export class Utf8Validator {
  /** Continuation bytes still expected for the current character. */
  private needed = 0;
  /** Allowed range of the next continuation byte (the first one after a lead byte may be narrower). */
  private lower = 0x80;
  private upper = 0xbf;
  /** The lead byte of the current character and its offset in the body. */
  private lead: Utf8Failure = { offset: 0, byte: 0 };
  private seen = 0;
  failure: Utf8Failure | undefined;

  /** Checks the next bytes; false (with `failure` set) once the body is not UTF-8. */
  push(chunk: Uint8Array): boolean {
    if (this.failure) return false;
    for (let i = 0; i < chunk.length; i++) {
      const byte = chunk[i];
      if (this.needed === 0) {
        if (byte < 0x80) continue;
        this.lead = { offset: this.seen + i, byte };
        if (byte >= 0xc2 && byte <= 0xdf) this.expect(1, 0x80, 0xbf);
        else if (byte === 0xe0) this.expect(2, 0xa0, 0xbf);
        else if (byte === 0xed) this.expect(2, 0x80, 0x9f);
        else if (byte >= 0xe1 && byte <= 0xef) this.expect(2, 0x80, 0xbf);
        else if (byte === 0xf0) this.expect(3, 0x90, 0xbf);
        else if (byte === 0xf4) this.expect(3, 0x80, 0x8f);
        else if (byte >= 0xf1 && byte <= 0xf3) this.expect(3, 0x80, 0xbf);
        else return this.fail();
      } else {
        if (byte < this.lower || byte > this.upper) return this.fail();
        this.expect(this.needed - 1, 0x80, 0xbf);
      }
    }
    this.seen += chunk.length;
    return true;
  }

  /** Ends the body; false (with `failure` set) when it ends inside a character. */
  end(): boolean {
    return !this.failure && (this.needed === 0 || this.fail());
  }

  private expect(needed: number, lower: number, upper: number): void {
    this.needed = needed;
    this.lower = lower;
    this.upper = upper;
  }

  private fail(): false {
    this.failure = this.lead;
    return false;
  }
}

/**
 * The body stream passed through unchanged, failing with `refusal(problem)` at the first byte that
 * is not UTF-8 (or at the end, when the body stops inside a character). Fastify's body reader
 * listens to this stream, so the failure reaches the error handler and the body is never decoded.
 */
export function utf8Checked(payload: Readable, refusal: (problem: string) => Error): Readable {
  const validator = new Utf8Validator();
  const refused = () => {
    const { offset, byte } = validator.failure!;
    return refusal(`is not valid UTF-8 (at byte ${offset}, 0x${byte.toString(16).toUpperCase().padStart(2, '0')}); JSON bodies must be UTF-8 (RFC 8259)`);
  };
  const checked = new Transform({
    transform(chunk: Buffer, _encoding, done) {
      if (validator.push(chunk)) done(null, chunk);
      else done(refused());
    },
    flush(done) {
      done(validator.end() ? null : refused());
    },
  });
  // Not stream.pipeline: it would destroy the request, and with it the socket the refusal goes out on.
  payload.on('error', (error) => checked.destroy(error));
  return payload.pipe(checked);
}
