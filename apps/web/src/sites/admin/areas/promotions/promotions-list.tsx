import type { AdminPromotion } from '@leisure/contract/admin/promotions';
import { Link } from 'react-router';
import { discountSummary, statusLabels } from '../../../../features/admin-promotions/promotion-form-values';
import { ListPage, PageHeader } from '../../kit';

function validity(promotion: AdminPromotion): string {
  if (!promotion.valid_from && !promotion.valid_to) return 'Always';
  return `${promotion.valid_from ?? '…'} to ${promotion.valid_to ?? '…'}`;
}

/** `/admin/promotions`: the operator's promotion codes, paged and searched on the server. */
export function PromotionsList() {
  return (
    <>
      <PageHeader
        title="Promotions"
        description="Codes customers enter when joining, for money off the joining fee or the first monthly payments."
        actions={
          <>
            <Link className="button" to="/promotions/new">
              Add promotion
            </Link>
            <Link to="/promotions/price-changes">Price changes for existing members</Link>
          </>
        }
      />
      <ListPage<AdminPromotion>
        path="promotions"
        caption="Promotions"
        searchLabel="Search promotions"
        emptyText="No promotions found."
        rowKey={(row) => row.id}
        columns={[
          {
            header: 'Code',
            rowHeader: true,
            cell: (row) => <Link to={`/promotions/${row.id}`}>{row.code}</Link>,
          },
          { header: 'Name', cell: (row) => row.name },
          { header: 'Discount', cell: (row) => discountSummary(row) },
          { header: 'Valid', cell: validity },
          {
            header: 'Uses',
            cell: (row) =>
              row.usage_limit === null ? String(row.used_count) : `${row.used_count} of ${row.usage_limit}`,
          },
          { header: 'Status', cell: (row) => statusLabels[row.status] },
        ]}
      />
    </>
  );
}
