/**
 * A details grid's columns by width: one on a phone, two on a tablet, three from a desktop (three
 * bordered columns pushed a 375 px page sideways by 63 px).
 */
export const DETAIL_COLUMNS = { xs: 1, sm: 2, md: 3 } as const;
