/**
 * Every cashier query key starts with this, so a pushed notice refreshes whatever cashier page
 * is open (notice-listener.tsx) without loading the pages' code.
 */
export const CASHIER_KEY = 'cashier';
