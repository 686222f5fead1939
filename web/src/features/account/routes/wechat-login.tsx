import { PreparingPage } from '@/components/ui/preparing-page';

/** /wechatLogin: WeChat QR login. For now the page frame with a "being prepared" panel. */
export function WechatLoginRoute() {
  return <PreparingPage />;
}
