import { randomBytes } from "node:crypto";

let lastMs = 0;
let seq = 0;

/**
 * A UUID version 7 (RFC 9562): 48 bits of Unix milliseconds, then a 12-bit counter that keeps ids
 * of one millisecond ascending in this process, then 62 random bits. Rows written with ascending
 * ids append to the right end of their primary-key indexes (chunks, and the postings keyed by
 * chunk id) instead of landing on random index pages.
 * @example
 * uuid7(); // "019ab0c4-5e2a-7000-8c1f-..." (ascending with each call)
 */
export function uuid7(): string {
  let ms = Date.now();
  if (ms <= lastMs) {
    ms = lastMs;
    seq++;
    // 4,096 ids in one millisecond: borrow the next millisecond rather than wrap.
    if (seq > 0xfff) {
      ms = ++lastMs;
      seq = 0;
    }
  } else {
    lastMs = ms;
    seq = 0;
  }
  const b = randomBytes(16);
  b.writeUIntBE(ms, 0, 6);
  b[6] = 0x70 | (seq >> 8);
  b[7] = seq & 0xff;
  b[8] = 0x80 | (b[8]! & 0x3f);
  const h = b.toString("hex");
  return `${h.slice(0, 8)}-${h.slice(8, 12)}-${h.slice(12, 16)}-${h.slice(16, 20)}-${h.slice(20)}`;
}
