// page_size: an integer within the list's bounds; the Behaviour decides whether an
// out-of-range value is refused or clamped.

import type { ServedList } from './tables.js';
import { invalidArgument } from '../http/errors.js';

const INTEGER = /^[+-]?\d+$/;

export function readPageSize(raw: string | null, list: ServedList, outOfRange: 'reject' | 'clamp'): number {
  const { default: fallback, min, max } = list.pageSize;
  if (raw === null || raw.trim() === '') return fallback;
  if (!INTEGER.test(raw.trim())) throw invalidArgument('page_size', `must be an integer, got "${raw}"`, 'query');
  const size = Number(raw);
  if (size >= min && size <= max) return size;
  if (outOfRange === 'clamp') return Math.min(max, Math.max(min, size));
  throw invalidArgument('page_size', `must be ${min} to ${max}, got ${size}`, 'query');
}
