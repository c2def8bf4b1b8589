// Grading by the catalog's Kind column: MUST/MUST NOT of kind N, S or J fail; SHOULD warns;
// MAY is information; derived rules (D) never fail.
import type { Check } from './define.js';
import type { Status } from './types.js';

export function gradeViolation(check: Pick<Check, 'level' | 'kind'>): Status {
  if (check.level === 'MAY') return 'info';
  if (check.level === 'SHOULD') return 'warn';
  return check.kind === 'D' ? 'warn' : 'fail';
}
