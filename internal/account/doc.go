// Package account holds the use cases of people's accounts: the admin's
// user list, adding users and changing their role or access, a person's
// own profile, password and language, and API tokens with their
// lifetimes. The HTML pages and the JSON API call the same methods; the
// refusals are this package's errors (and the store's), which web maps
// to statuses in one place.
package account
