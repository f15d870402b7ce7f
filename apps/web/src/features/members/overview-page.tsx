import { VIDEO_LINK_TEXT } from '@dpp/shared/constants';
import { vimeoEmbedUrl } from '@dpp/shared/rules/templates';
import type { MemberProduct } from '@dpp/shared/schemas/members';
import { Alert, Skeleton } from 'antd';
import { Link, useLocation, useParams } from 'react-router';
import { useDocumentTitle } from '../../shared/use-document-title';
import { useAreaContext } from './area-layout';
import { useAreaProduct } from './members.api';
import { safeUrl } from './safe-url';

/** The product's video: the VIDEO_LINK whose link_text is 'viemo' (or any video link). */
function videoOf(product: MemberProduct): string | undefined {
  const videos = product.project_plan_links.filter((l) => l.type === 'VIDEO_LINK' && l.link !== '');
  const url = (videos.find((l) => l.link_text === VIDEO_LINK_TEXT) ?? videos[0])?.link;
  return url ? vimeoEmbedUrl(url) : undefined;
}

/**
 * /membership-area/overview/{id} and /pm-course-area/overview/{id}: name, video, description and the
 * Templates list. The accordion passes the product in navigation state; a reload fetches it.
 */
export function AreaOverviewPage() {
  const { id = '' } = useParams();
  const { area, root } = useAreaContext();
  const initial = (useLocation().state as { product?: MemberProduct } | null)?.product;
  const product = useAreaProduct(area, id, initial);
  useDocumentTitle(product.data?.product_name);

  if (product.isPending) return <Skeleton active />;
  if (product.isError) return <Alert type="error" showIcon title={product.error.message} />;
  const item = product.data;
  const video = videoOf(item);
  const templates = item.project_plan_links.filter((l) => l.type === 'TEMPLATE_LINK' && l.link !== '');
  return (
    <article className="area-page">
      <h1>{item.product_name}</h1>
      {video && (
        <div className="area-video">
          <iframe
            src={video}
            title={`${item.product_name} video`}
            allow="fullscreen; picture-in-picture"
            allowFullScreen
            loading="lazy"
          />
        </div>
      )}
      {item.description && <p className="area-page__lead">{item.description}</p>}
      {item.overview && (
        // The overview is HTML sanitised by the server when it is saved.
        // biome-ignore lint/security/noDangerouslySetInnerHtml: sanitised on the server
        <div className="area-page__overview" dangerouslySetInnerHTML={{ __html: item.overview }} />
      )}
      {templates.length > 0 && (
        <section aria-labelledby="templates-heading">
          <h2 id="templates-heading">Templates</h2>
          <ul className="area-page__links">
            {templates.map((l) =>
              area === 'members' ? (
                <li key={l.id}>
                  <Link to={`${root}/template-link/${l.id}`}>{l.link_text || 'Open the template'}</Link>
                </li>
              ) : (
                <li key={l.id}>
                  <a href={safeUrl(l.link)} target="_blank" rel="noopener noreferrer">
                    {l.link_text || 'Open the template'}
                  </a>
                </li>
              ),
            )}
          </ul>
        </section>
      )}
    </article>
  );
}
