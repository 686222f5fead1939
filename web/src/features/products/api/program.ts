/**
 * Ids of the product centre in the CMS. The product column (programa) is 1 in every language;
 * its page, its lines and its product pages all live under it. Type-10 banners belong to it.
 */
export const PRODUCT_PROGRAM_ID = 1;
export const PRODUCT_BANNER_TYPE = 10;
