export const runtime = 'client';
