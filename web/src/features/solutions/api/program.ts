/**
 * Ids of the solutions centre in the CMS: its column (programa) is 2 in every language; industry,
 * application, product-level and case pages live under it. Type-16 banners belong to it.
 */
export const SOLUTION_PROGRAM_ID = 2;
export const SOLUTION_BANNER_TYPE = 16;
/** Cases per page of the case list, and in the teaser of the solutions page. */
export const CASES_PAGE_SIZE = 9;
export const CASES_TEASER_SIZE = 3;
