/** 0, 1, …, length − 1: every index of a list, to sort or filter. */
export const allIndexes = (length: number): number[] => Array.from({ length }, (_, index) => index)

/**
 * Orders of a list's indexes, each made once per list and sort and kept while the list lives: a
 * keystroke then only filters an order already made, instead of sorting the whole list again.
 */
export function sortedOnce<List extends object, Sort>() {
  const orders = new WeakMap<List, Map<Sort, Int32Array>>()
  return (list: List, sort: Sort, sortIndexes: () => number[]): Int32Array => {
    let byList = orders.get(list)
    if (!byList) {
      byList = new Map()
      orders.set(list, byList)
    }
    let order = byList.get(sort)
    if (!order) {
      order = Int32Array.from(sortIndexes())
      byList.set(sort, order)
    }
    return order
  }
}
