import { useQuery } from '@tanstack/react-query';
import { dictDataList, getDictDataListMutationKey } from '@/api/generated/endpoints/dict/dict';
import { type PageContext, contentQuery } from '@/lib/use-page-language';

/** The industries of the enterprise registration (dictionary `industry_tags`, in the page language). */
export function useIndustryTags(context: PageContext) {
  const { key, request } = contentQuery(context);
  return useQuery({
    queryKey: [...getDictDataListMutationKey(), 'industry_tags', ...key],
    queryFn: ({ signal }) => dictDataList({ dictType: 'industry_tags' }, { ...request, signal }),
    select: (envelope) => envelope.data,
  });
}
