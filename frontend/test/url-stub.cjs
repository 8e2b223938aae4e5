// A `?url` import in Jest: the built app gets the asset's hashed address from Vite.
module.exports = { __esModule: true, default: '/assets/url-stub' };
