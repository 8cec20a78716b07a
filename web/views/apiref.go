package views

// APIReference is the API reference page: the OpenAPI document laid out
// for reading. Its texts are the document's own (English, like the
// document); the page's labels are translated.
type APIReference struct {
	Title       string
	Version     string
	OpenAPI     string
	Description []string // paragraphs
	Groups      []APIGroup
	Schemas     []APISchema
}

// APIGroup is one tag's operations.
type APIGroup struct {
	Name        string
	Description string
	Ops         []APIOp
}

// APIOp is one operation: a method on a path.
type APIOp struct {
	ID          string
	Method      string
	Path        string
	Summary     string
	Description string
	Security    []string // security scheme names; any one suffices
	Params      []APIProp
	Request     []APIBody
	Responses   []APIResponse
}

// APIBody is one media type of a request or response body.
type APIBody struct {
	MediaType string
	Type      APIType
	Props     []APIProp // the fields of an inline object schema
}

// APIResponse is one documented status of an operation.
type APIResponse struct {
	Status      string
	Description string
	Bodies      []APIBody
}

// APIType describes a schema in a few words; Ref names the component
// schema to link to, if any.
type APIType struct {
	Text string
	Ref  string
}

// APISchema is one component schema with its properties.
type APISchema struct {
	Name        string
	Description string
	Type        APIType
	Props       []APIProp
}

// APIProp is a property of a schema, or a parameter.
type APIProp struct {
	Name        string
	In          string
	Type        APIType
	Required    bool
	Description string
}
