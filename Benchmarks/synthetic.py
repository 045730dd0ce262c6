"""The synthetic API of the benchmark, as a RouteGen spec and as the equivalent OpenAPI 3.0 document.

Each resource has a model of 8 properties (string, int64, bool, double, date-time, string enum, optional
nested object, array of strings) and 5 endpoints: list (3 query parameters: a bool, an int and an array),
get by id, create with a JSON body, replace with PUT, delete.
"""


def routegen_spec(resources: int) -> str:
    lines = [
        "routegen: 1",
        "name: Synthetic",
        "version: v1",
        "environments:",
        "  production: https://api.example.com",
        "headers:",
        "  Accept: application/json",
        "auth: bearer",
        "models:",
    ]
    for i in range(resources):
        lines += [
            f"  Resource{i}:",
            "    properties:",
            "      name: String",
            "      count: Int64",
            "      active: Bool",
            "      score: Double",
            "      created_at: Date",
            f"      status: Resource{i}Status",
            f"      detail: Resource{i}Detail?",
            "      tags: [String]",
            f"  Resource{i}Status:",
            "    enum: [draft, published, archived]",
            f"  Resource{i}Detail:",
            "    properties:",
            "      note: String",
        ]
    lines.append("endpoints:")
    for i in range(resources):
        lines += [
            f"  listResource{i}:",
            "    method: GET",
            f"    path: /resource{i}",
            "    query:",
            "      active: Bool?",
            "      limit: Int?",
            '      tags: "[String]?"',
            f"    response: [Resource{i}]",
            f"  getResource{i}:",
            "    method: GET",
            f"    path: /resource{i}/{{id}}",
            "    params: { id: Int64 }",
            f"    response: Resource{i}",
            f"  createResource{i}:",
            "    method: POST",
            f"    path: /resource{i}",
            f"    body: Resource{i}",
            f"    response: Resource{i}",
            f"  replaceResource{i}:",
            "    method: PUT",
            f"    path: /resource{i}/{{id}}",
            "    params: { id: Int64 }",
            f"    body: Resource{i}",
            f"    response: Resource{i}",
            f"  deleteResource{i}:",
            "    method: DELETE",
            f"    path: /resource{i}/{{id}}",
            "    params: { id: Int64 }",
        ]
    return "\n".join(lines) + "\n"


def openapi_document(resources: int) -> str:
    lines = [
        'openapi: "3.0.3"',
        "info: { title: Synthetic, version: v1 }",
        "servers:",
        "  - url: https://api.example.com/v1",
        "paths:",
    ]
    for i in range(resources):
        ref = f"'#/components/schemas/Resource{i}'"
        lines += [
            f"  /resource{i}:",
            "    get:",
            f"      operationId: listResource{i}",
            "      parameters:",
            "        - { name: active, in: query, schema: { type: boolean } }",
            "        - { name: limit, in: query, schema: { type: integer } }",
            "        - { name: tags, in: query, schema: { type: array, items: { type: string } } }",
            "      responses:",
            f"        '200': {{ description: OK, content: {{ application/json: {{ schema: {{ type: array, items: {{ $ref: {ref} }} }} }} }} }}",
            "    post:",
            f"      operationId: createResource{i}",
            f"      requestBody: {{ required: true, content: {{ application/json: {{ schema: {{ $ref: {ref} }} }} }} }}",
            "      responses:",
            f"        '200': {{ description: OK, content: {{ application/json: {{ schema: {{ $ref: {ref} }} }} }} }}",
            f"  /resource{i}/{{id}}:",
            "    parameters:",
            "      - { name: id, in: path, required: true, schema: { type: integer, format: int64 } }",
            "    get:",
            f"      operationId: getResource{i}",
            "      responses:",
            f"        '200': {{ description: OK, content: {{ application/json: {{ schema: {{ $ref: {ref} }} }} }} }}",
            "    put:",
            f"      operationId: replaceResource{i}",
            f"      requestBody: {{ required: true, content: {{ application/json: {{ schema: {{ $ref: {ref} }} }} }} }}",
            "      responses:",
            f"        '200': {{ description: OK, content: {{ application/json: {{ schema: {{ $ref: {ref} }} }} }} }}",
            "    delete:",
            f"      operationId: deleteResource{i}",
            "      responses:",
            "        '204': { description: Deleted }",
        ]
    lines += ["components:", "  schemas:"]
    for i in range(resources):
        lines += [
            f"    Resource{i}:",
            "      type: object",
            "      required: [name, count, active, score, created_at, status, tags]",
            "      properties:",
            "        name: { type: string }",
            "        count: { type: integer, format: int64 }",
            "        active: { type: boolean }",
            "        score: { type: number, format: double }",
            "        created_at: { type: string, format: date-time }",
            f"        status: {{ $ref: '#/components/schemas/Resource{i}Status' }}",
            f"        detail: {{ $ref: '#/components/schemas/Resource{i}Detail' }}",
            "        tags: { type: array, items: { type: string } }",
            f"    Resource{i}Status:",
            "      type: string",
            "      enum: [draft, published, archived]",
            f"    Resource{i}Detail:",
            "      type: object",
            "      required: [note]",
            "      properties:",
            "        note: { type: string }",
        ]
    return "\n".join(lines) + "\n"
