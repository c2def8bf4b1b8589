// Generated TypeScript types of every revision's schema (npm run types), one namespace each.
export * as Rev20241105 from './2024-11-05.js';
export * as Rev20250326 from './2025-03-26.js';
export * as Rev20250618 from './2025-06-18.js';
export * as Rev20251125 from './2025-11-25.js';
export * as Rev20260728 from './2026-07-28.js';
