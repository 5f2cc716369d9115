// The 19 Python repositories of the sample release and the source trees their synthetic tasks change.
// Trees are modelled on the real projects' layouts; each file lists a few of its real-looking symbols so
// request texts and test ids can name code. Locality (near/far) is computed from these paths, so a
// repository needs several directories before it can host far focus tasks: single-package projects
// (click, requests) carry near tasks only.

export interface SourceFile {
  path: string;
  symbols: string[];
}

export interface RepoDef {
  repo: string;
  /** Directory → "file.py:SymA,SymB;other.py:SymC" (compact so the whole tree fits on a screen). */
  tree: Record<string, string>;
  /** Test module for a source file; `{dir}` is the file's directory, `{base}` its last segment, `{stem}` the file stem. */
  testPath: string;
  /** Test modules beyond the per-file ones that P2P tests are drawn from. */
  extraTests: string[];
  /** First issue/PR number handed out; tasks count up from here in irregular steps. */
  firstIssue: number;
  focus: number;
  near: number;
  /** Verifier sizes of one focus task taken from the paper's Table 7 (F2P, P2P). */
  table7?: { f2p: number; p2p: number };
}

export const REPOS: RepoDef[] = [
  {
    repo: "pallets/click",
    tree: {
      "src/click":
        "core.py:Option,Command,Context.invoke,Parameter.get_default;decorators.py:option,pass_context,group;" +
        "types.py:Choice,IntRange,Path,ParamType.convert;parser.py:_OptionParser,_Option.process;" +
        "termui.py:prompt,confirm,progressbar;utils.py:echo,open_file,LazyFile;formatting.py:HelpFormatter,wrap_text;" +
        "exceptions.py:BadParameter,UsageError;shell_completion.py:ShellComplete,CompletionItem;" +
        "testing.py:CliRunner,Result;globals.py:get_current_context;_compat.py:should_strip_ansi,_find_binary_writer;" +
        "_termui_impl.py:ProgressBar,Editor;_textwrap.py:TextWrapper",
    },
    testPath: "tests/test_{stem}.py",
    extraTests: [
      "tests/test_options.py",
      "tests/test_basic.py",
      "tests/test_arguments.py",
      "tests/test_defaults.py",
      "tests/test_commands.py",
      "tests/test_context.py",
    ],
    firstIssue: 2610,
    focus: 11,
    near: 11,
    table7: { f2p: 7, p2p: 732 },
  },
  {
    repo: "psf/requests",
    tree: {
      "src/requests":
        "sessions.py:Session.request,Session.merge_environment_settings,SessionRedirectMixin;models.py:PreparedRequest,Response.iter_content,Response.json;" +
        "adapters.py:HTTPAdapter.send,HTTPAdapter.get_connection_with_tls_context;utils.py:get_encoding_from_headers,requote_uri,should_bypass_proxies;" +
        "auth.py:HTTPDigestAuth,HTTPBasicAuth;cookies.py:RequestsCookieJar,merge_cookies;structures.py:CaseInsensitiveDict;" +
        "exceptions.py:JSONDecodeError,InvalidURL;api.py:request;hooks.py:dispatch_hook;compat.py:builtin_str;status_codes.py:codes",
    },
    testPath: "tests/test_{stem}.py",
    extraTests: ["tests/test_requests.py", "tests/test_lowlevel.py"],
    firstIssue: 6650,
    focus: 10,
    near: 10,
  },
  {
    repo: "pypa/packaging",
    tree: {
      "src/packaging":
        "version.py:Version,_cmpkey;specifiers.py:Specifier.contains,SpecifierSet.filter;markers.py:Marker.evaluate,default_environment;" +
        "requirements.py:Requirement;tags.py:sys_tags,platform_tags,compatible_tags;utils.py:canonicalize_name,parse_wheel_filename;" +
        "metadata.py:Metadata.from_raw,parse_email;_parser.py:parse_requirement,_parse_marker;_tokenizer.py:Tokenizer.check;" +
        "_manylinux.py:_get_glibc_version;_musllinux.py:_get_musl_version;_elffile.py:ELFFile;_structures.py:InfinityType",
      "src/packaging/licenses":
        "__init__.py:canonicalize_license_expression,NormalizedLicenseExpression;_spdx.py:LICENSES,EXCEPTIONS",
    },
    testPath: "tests/test_{stem}.py",
    extraTests: ["tests/test_version.py", "tests/test_specifiers.py", "tests/test_markers.py"],
    firstIssue: 812,
    focus: 10,
    near: 8,
    table7: { f2p: 13, p2p: 217 },
  },
  {
    repo: "agronholm/anyio",
    tree: {
      "src/anyio":
        "from_thread.py:run,start_blocking_portal,BlockingPortal;to_thread.py:run_sync;lowlevel.py:checkpoint,RunVar;pytest_plugin.py:anyio_backend,pytest_fixture_setup",
      "src/anyio/_core":
        "_tasks.py:CancelScope,move_on_after,fail_after;_synchronization.py:Lock,Semaphore,Event,CapacityLimiter;_sockets.py:connect_tcp,create_tcp_listener;" +
        "_fileio.py:Path,open_file;_subprocesses.py:run_process,open_process;_eventloop.py:run,sleep_until;_exceptions.py:BrokenResourceError;_signals.py:open_signal_receiver",
      "src/anyio/_backends":
        "_asyncio.py:TaskGroup,CancelScope._deliver_cancellation,StreamReaderWrapper;_trio.py:TaskGroup,BlockingPortal",
      "src/anyio/streams":
        "memory.py:MemoryObjectSendStream,MemoryObjectReceiveStream;tls.py:TLSStream.wrap,TLSListener;buffered.py:BufferedByteReceiveStream.receive_until;text.py:TextReceiveStream;stapled.py:StapledObjectStream",
      "src/anyio/abc":
        "_streams.py:ByteStream,ObjectStream;_sockets.py:SocketAttribute,SocketListener;_tasks.py:TaskGroup,TaskStatus;_resources.py:AsyncResource",
    },
    testPath: "tests/test_{stem}.py",
    extraTests: ["tests/test_taskgroups.py", "tests/test_synchronization.py", "tests/streams/test_memory.py"],
    firstIssue: 742,
    focus: 11,
    near: 5,
    table7: { f2p: 10, p2p: 18 },
  },
  {
    repo: "getmoto/moto",
    tree: {
      "moto/s3":
        "models.py:FakeBucket,FakeKey,S3Backend.put_object;responses.py:S3Response._key_response_put;utils.py:bucket_name_from_url;exceptions.py:NoSuchKey",
      "moto/ec2":
        "models/instances.py:InstanceBackend.run_instances;responses/instances.py:InstanceResponse;utils.py:random_instance_id;exceptions.py:InvalidInstanceIdError",
      "moto/dynamodb":
        "models/table.py:Table.query,Table.scan;responses.py:DynamoHandler.update_item;parsing/expressions.py:UpdateExpressionParser;comparisons.py:get_filter_expression",
      "moto/iam":
        "models.py:IAMBackend.attach_role_policy,ManagedPolicy;responses.py:IamResponse;policy_validation.py:IAMPolicyDocumentValidator",
      "moto/sqs":
        "models.py:Queue,SQSBackend.receive_message;responses.py:SQSResponse;utils.py:generate_receipt_handle",
      "moto/core":
        "responses.py:BaseResponse._get_param;models.py:BaseBackend;utils.py:iso_8601_datetime_with_milliseconds;botocore_stubber.py:BotocoreStubber",
      "moto/awslambda":
        "models.py:LambdaFunction,LambdaBackend.invoke;responses.py:LambdaResponse;utils.py:make_function_arn",
      "moto/sns": "models.py:Topic,SNSBackend.publish;responses.py:SNSResponse;utils.py:make_arn_for_topic",
      "moto/kms": "models.py:Key,KmsBackend.encrypt;responses.py:KmsResponse;utils.py:generate_key_id",
    },
    testPath: "tests/test_{base}/test_{base}_{stem}.py",
    extraTests: ["tests/test_core/test_decorator_calls.py"],
    firstIssue: 7310,
    focus: 11,
    near: 4,
    table7: { f2p: 5, p2p: 8 },
  },
  {
    repo: "networkx/networkx",
    tree: {
      "networkx/algorithms":
        "cycles.py:simple_cycles,find_cycle;dag.py:topological_sort,dag_longest_path;cluster.py:clustering,triangles;matching.py:max_weight_matching;core.py:k_core,core_number",
      "networkx/algorithms/shortest_paths":
        "weighted.py:dijkstra_path,bellman_ford_path;generic.py:shortest_path,all_shortest_paths;unweighted.py:single_source_shortest_path;astar.py:astar_path",
      "networkx/classes":
        "graph.py:Graph.add_edges_from,Graph.subgraph;digraph.py:DiGraph.reverse;multigraph.py:MultiGraph.add_edge;function.py:set_node_attributes;reportviews.py:EdgeView,DegreeView",
      "networkx/generators":
        "random_graphs.py:gnp_random_graph,barabasi_albert_graph;classic.py:complete_graph,path_graph;lattice.py:grid_2d_graph;community.py:stochastic_block_model",
      "networkx/readwrite":
        "graphml.py:write_graphml,GraphMLReader;gml.py:read_gml,literal_destringizer;edgelist.py:read_edgelist;json_graph/node_link.py:node_link_data",
      "networkx/utils":
        "decorators.py:argmap,nodes_or_number;misc.py:pairwise,create_random_state;backends.py:_dispatchable;union_find.py:UnionFind",
    },
    testPath: "{dir}/tests/test_{stem}.py",
    extraTests: ["networkx/classes/tests/test_graph.py"],
    firstIssue: 7420,
    focus: 11,
    near: 4,
    table7: { f2p: 25, p2p: 41 },
  },
  {
    repo: "pydantic/pydantic",
    tree: {
      pydantic:
        "main.py:BaseModel.model_dump,BaseModel.model_copy;fields.py:Field,FieldInfo;functional_validators.py:field_validator,model_validator;types.py:SecretStr,conint;config.py:ConfigDict;json_schema.py:GenerateJsonSchema",
      "pydantic/_internal":
        "_generate_schema.py:GenerateSchema._model_schema;_fields.py:collect_model_fields;_model_construction.py:ModelMetaclass;_decorators.py:DecoratorInfos;_validators.py:sequence_validator;_typing_extra.py:eval_type_backport",
      "pydantic/v1": "main.py:BaseModel;fields.py:ModelField;validators.py:find_validators",
      "pydantic/deprecated": "decorator.py:validate_arguments;json.py:pydantic_encoder",
      "pydantic/experimental": "pipeline.py:_Pipeline.transform;arguments_schema.py:generate_arguments_schema",
    },
    testPath: "tests/test_{stem}.py",
    extraTests: ["tests/test_main.py", "tests/test_edge_cases.py"],
    firstIssue: 10980,
    focus: 11,
    near: 5,
  },
  {
    repo: "sphinx-doc/sphinx",
    tree: {
      "sphinx/builders":
        "html/__init__.py:StandaloneHTMLBuilder;latex/__init__.py:LaTeXBuilder;linkcheck.py:HyperlinkAvailabilityChecker;gettext.py:MessageCatalogBuilder",
      "sphinx/domains":
        "python/__init__.py:PythonDomain.resolve_xref;cpp/__init__.py:CPPDomain;std/__init__.py:StandardDomain.note_object;c/__init__.py:CDomain",
      "sphinx/ext":
        "autodoc/__init__.py:Documenter.add_content,ClassDocumenter;napoleon/docstring.py:GoogleDocstring._parse_returns_section;intersphinx/_resolve.py:missing_reference;viewcode.py:collect_pages;autosummary/__init__.py:Autosummary.get_items",
      "sphinx/util":
        "inspect.py:signature,stringify_signature;typing.py:stringify_annotation,restify;docutils.py:SphinxDirective;nodes.py:make_refnode;i18n.py:CatalogRepository",
      "sphinx/writers":
        "html5.py:HTML5Translator.visit_desc_signature;latex.py:LaTeXTranslator.visit_table;text.py:TextTranslator;manpage.py:ManualPageTranslator",
      "sphinx/environment":
        "__init__.py:BuildEnvironment.get_outdated_files;collectors/toctree.py:TocTreeCollector;adapters/toctree.py:_resolve_toctree",
    },
    testPath: "tests/test_{base}/test_{base}_{stem}.py",
    extraTests: ["tests/test_application.py"],
    firstIssue: 13180,
    focus: 11,
    near: 4,
  },
  {
    repo: "pytest-dev/pytest",
    tree: {
      "src/_pytest":
        "fixtures.py:FixtureManager,FixtureDef.execute;python.py:Function,Metafunc.parametrize;runner.py:call_and_report,SetupState;terminal.py:TerminalReporter.summary_failures;main.py:Session.perform_collect;capture.py:CaptureManager;logging.py:LogCaptureHandler;skipping.py:evaluate_skip_marks",
      "src/_pytest/_code": "code.py:ExceptionInfo.getrepr,TracebackEntry;source.py:getstatementrange_ast",
      "src/_pytest/assertion":
        "rewrite.py:AssertionRewriter.visit_Compare;util.py:_compare_eq_iterable,_diff_text;truncate.py:truncate_if_required",
      "src/_pytest/config":
        "__init__.py:Config._preparse,PytestPluginManager;argparsing.py:Parser.addini;findpaths.py:locate_config",
      "src/_pytest/mark": "structures.py:MarkDecorator,ParameterSet;expression.py:Expression.compile",
      "src/_pytest/_io": "terminalwriter.py:TerminalWriter._highlight;saferepr.py:saferepr;pprint.py:PrettyPrinter",
    },
    testPath: "testing/test_{stem}.py",
    extraTests: ["testing/python/collect.py", "testing/acceptance_test.py"],
    firstIssue: 12930,
    focus: 11,
    near: 5,
  },
  {
    repo: "sympy/sympy",
    tree: {
      "sympy/core":
        "expr.py:Expr.as_coeff_mul;add.py:Add.flatten;mul.py:Mul._eval_power;numbers.py:Rational,Float._eval_is_integer;relational.py:Relational.canonical;function.py:Derivative._eval_derivative",
      "sympy/simplify":
        "simplify.py:simplify,nsimplify;trigsimp.py:trigsimp;radsimp.py:radsimp,collect;powsimp.py:powsimp",
      "sympy/solvers":
        "solvers.py:solve,checksol;solveset.py:solveset,_solve_radical;ode/ode.py:dsolve;inequalities.py:reduce_inequalities",
      "sympy/matrices":
        "matrixbase.py:MatrixBase.rref,MatrixBase.eigenvals;dense.py:DenseMatrix;sparse.py:SparseMatrix;expressions/matexpr.py:MatrixExpr",
      "sympy/printing":
        "latex.py:LatexPrinter._print_Integral;pretty/pretty.py:PrettyPrinter._print_Sum;str.py:StrPrinter;pycode.py:PythonCodePrinter",
      "sympy/polys":
        "polytools.py:Poly.factor_list,cancel;factortools.py:dup_zz_factor;rootoftools.py:ComplexRootOf;domains/algebraicfield.py:AlgebraicField",
    },
    testPath: "{dir}/tests/test_{stem}.py",
    extraTests: ["sympy/core/tests/test_arit.py"],
    firstIssue: 27310,
    focus: 11,
    near: 4,
  },
  {
    repo: "astropy/astropy",
    tree: {
      "astropy/units":
        "core.py:Unit,UnitBase.to,CompositeUnit;quantity.py:Quantity.__array_ufunc__,Quantity.to_value;equivalencies.py:spectral,doppler_radio;format/generic.py:Generic.to_string",
      "astropy/io/fits":
        "header.py:Header.fromstring,Header.tostring;card.py:Card._format_value;column.py:ColDefs;hdu/table.py:BinTableHDU",
      "astropy/table":
        "table.py:Table.add_column,Table.__getitem__;column.py:MaskedColumn;operations.py:join,vstack;groups.py:TableGroups",
      "astropy/coordinates":
        "sky_coordinate.py:SkyCoord.separation;angles/core.py:Angle.wrap_at;representation/cartesian.py:CartesianRepresentation;builtin_frames/icrs.py:ICRS",
      "astropy/time": "core.py:Time.to_value,TimeDelta;formats.py:TimeISOT,TimeDatetime",
      "astropy/modeling":
        "core.py:Model.evaluate,CompoundModel;fitting.py:LevMarLSQFitter;functional_models.py:Gaussian1D",
    },
    testPath: "{dir}/tests/test_{stem}.py",
    extraTests: ["astropy/units/tests/test_quantity.py"],
    firstIssue: 17120,
    focus: 11,
    near: 4,
  },
  {
    repo: "pylint-dev/pylint",
    tree: {
      "pylint/checkers":
        "variables.py:VariablesChecker.leave_functiondef;typecheck.py:TypeChecker.visit_call;imports.py:ImportsChecker;format.py:FormatChecker;exceptions.py:ExceptionsChecker;strings.py:StringFormatChecker",
      "pylint/checkers/refactoring":
        "refactoring_checker.py:RefactoringChecker._check_consider_using_with;recommendation_checker.py:RecommendationChecker;implicit_booleaness_checker.py:ImplicitBooleanessChecker",
      "pylint/lint":
        "pylinter.py:PyLinter.check,PyLinter._check_files;run.py:Run;parallel.py:check_parallel;expand_modules.py:expand_modules",
      "pylint/config":
        "arguments_manager.py:_ArgumentsManager;config_initialization.py:_config_initialization;utils.py:_parse_rich_type_value",
      "pylint/reporters":
        "text.py:TextReporter.write_message;json_reporter.py:JSON2Reporter;multi_reporter.py:MultiReporter",
      "pylint/utils":
        "utils.py:get_global_option,_splitstrip;file_state.py:FileState._set_state_on_block_lines;pragma_parser.py:parse_pragma",
    },
    testPath: "tests/{rel}/unittest_{stem}.py",
    extraTests: ["tests/test_functional.py", "tests/test_self.py"],
    firstIssue: 10120,
    focus: 11,
    near: 5,
  },
  {
    repo: "scikit-learn/scikit-learn",
    tree: {
      "sklearn/linear_model":
        "_logistic.py:LogisticRegression.fit;_ridge.py:Ridge,_solve_cholesky;_coordinate_descent.py:ElasticNet,LassoCV;_base.py:LinearModel._set_intercept",
      "sklearn/preprocessing":
        "_encoders.py:OneHotEncoder.transform,OrdinalEncoder;_data.py:StandardScaler.partial_fit,MinMaxScaler;_discretization.py:KBinsDiscretizer;_function_transformer.py:FunctionTransformer",
      "sklearn/utils":
        "validation.py:check_array,check_is_fitted;_param_validation.py:validate_params,Interval;_set_output.py:_wrap_data_with_container;_tags.py:get_tags",
      "sklearn/metrics":
        "_classification.py:precision_recall_fscore_support,classification_report;_ranking.py:roc_auc_score;_regression.py:mean_absolute_percentage_error;_scorer.py:make_scorer",
      "sklearn/model_selection":
        "_split.py:StratifiedKFold,GroupKFold;_search.py:GridSearchCV._run_search;_validation.py:cross_validate",
      "sklearn/ensemble":
        "_forest.py:RandomForestClassifier.fit;_gb.py:GradientBoostingClassifier;_hist_gradient_boosting/gradient_boosting.py:HistGradientBoostingRegressor;_voting.py:VotingClassifier",
    },
    testPath: "{dir}/tests/test_{stem}.py",
    extraTests: ["sklearn/tests/test_common.py"],
    firstIssue: 30410,
    focus: 10,
    near: 4,
  },
  {
    repo: "python-attrs/attrs",
    tree: {
      "src/attr":
        "_make.py:attrib,_ClassBuilder.build_class,_make_init;_funcs.py:asdict,evolve,astuple;validators.py:instance_of,in_,deep_iterable;" +
        "converters.py:optional,default_if_none,pipe;filters.py:include,exclude;setters.py:validate,convert;_cmp.py:cmp_using;_next_gen.py:define,field;exceptions.py:FrozenInstanceError",
      "src/attrs":
        "__init__.py:define,frozen,field;converters.py:optional;validators.py:instance_of;setters.py:frozen;filters.py:include",
    },
    testPath: "tests/test_{stem}.py",
    extraTests: ["tests/test_make.py", "tests/test_dunders.py"],
    firstIssue: 1290,
    focus: 10,
    near: 5,
  },
  {
    repo: "encode/httpx",
    tree: {
      httpx:
        "_client.py:Client.send,AsyncClient.stream,_merge_url;_models.py:Request,Response.iter_lines,Headers;_config.py:Timeout,Limits,create_ssl_context;" +
        "_auth.py:DigestAuth,BasicAuth;_urls.py:URL.copy_with,QueryParams;_urlparse.py:urlparse,normalize_path;_content.py:encode_request;" +
        "_decoders.py:LineDecoder,BrotliDecoder;_multipart.py:MultipartStream,FileField;_exceptions.py:HTTPStatusError;_utils.py:get_environment_proxies",
      "httpx/_transports":
        "default.py:HTTPTransport.handle_request,AsyncHTTPTransport;asgi.py:ASGITransport;wsgi.py:WSGITransport;mock.py:MockTransport;base.py:BaseTransport",
    },
    testPath: "tests/test_{stem}.py",
    extraTests: ["tests/client/test_client.py", "tests/models/test_responses.py"],
    firstIssue: 3380,
    focus: 10,
    near: 5,
  },
  {
    repo: "tox-dev/tox",
    tree: {
      "src/tox/config":
        "main.py:Config.get_env;of_type.py:ConfigDynamicDefinition;loader/ini/replace.py:replace,MatchExpression;sets.py:EnvConfigSet;cli/parser.py:ToxParser",
      "src/tox/session/cmd":
        "run/common.py:execute,env_run_create_flags;run/parallel.py:run_parallel;legacy.py:legacy;show_config.py:show_config;depends.py:depends",
      "src/tox/tox_env/python":
        "api.py:Python.base_python,PythonInfo;virtual_env/api.py:VirtualEnv.session;pip/pip_install.py:Pip.install;runner.py:PythonRun",
      "src/tox/execute":
        "api.py:Execute.call,ExecuteStatus;local_sub_process/__init__.py:LocalSubProcessExecuteInstance;request.py:ExecuteRequest",
      "src/tox/plugin": "manager.py:Plugins;spec.py:tox_add_env_config,tox_on_install",
    },
    testPath: "tests/{rel}/test_{stem}.py",
    extraTests: ["tests/session/test_env_select.py"],
    firstIssue: 3440,
    focus: 10,
    near: 4,
  },
  {
    repo: "python-poetry/poetry",
    tree: {
      "src/poetry/console/commands":
        "add.py:AddCommand.handle;install.py:InstallCommand;lock.py:LockCommand;show.py:ShowCommand.display_package_tree;remove.py:RemoveCommand",
      "src/poetry/installation":
        "installer.py:Installer._do_install;executor.py:Executor._execute_operation;wheel_installer.py:WheelInstaller;chooser.py:Chooser.choose_for",
      "src/poetry/puzzle":
        "solver.py:Solver.solve;provider.py:Provider.complete_package,Provider.search_for;transaction.py:Transaction.calculate_operations",
      "src/poetry/repositories":
        "http_repository.py:HTTPRepository._get_info_from_links;pypi_repository.py:PyPiRepository;legacy_repository.py:LegacyRepository;repository_pool.py:RepositoryPool",
      "src/poetry/utils":
        "env/env_manager.py:EnvManager.create_venv;helpers.py:get_file_hash,download_file;authenticator.py:Authenticator.request;password_manager.py:PasswordManager",
    },
    testPath: "tests/{rel}/test_{stem}.py",
    extraTests: ["tests/test_factory.py"],
    firstIssue: 9920,
    focus: 10,
    near: 4,
  },
  {
    repo: "pallets/flask",
    tree: {
      "src/flask":
        "app.py:Flask.make_response,Flask.full_dispatch_request;blueprints.py:Blueprint.register;cli.py:FlaskGroup,ScriptInfo.load_app;config.py:Config.from_file,Config.from_prefixed_env;" +
        "ctx.py:AppContext,RequestContext.push;helpers.py:send_file,url_for,stream_with_context;sessions.py:SecureCookieSessionInterface;templating.py:render_template;testing.py:FlaskClient;views.py:MethodView;wrappers.py:Request.on_json_loading_failed",
      "src/flask/json": "__init__.py:jsonify,dumps;provider.py:DefaultJSONProvider.default;tag.py:TaggedJSONSerializer",
      "src/flask/sansio":
        "app.py:App.add_url_rule,App.handle_url_build_error;blueprints.py:BlueprintSetupState;scaffold.py:Scaffold.route,_endpoint_from_view_func",
    },
    testPath: "tests/test_{stem}.py",
    extraTests: ["tests/test_basic.py", "tests/test_blueprints.py"],
    firstIssue: 5620,
    focus: 10,
    near: 5,
  },
  {
    repo: "pydata/xarray",
    tree: {
      "xarray/core":
        "dataset.py:Dataset.to_dataframe,Dataset.drop_vars;dataarray.py:DataArray.interp,DataArray.where;groupby.py:GroupBy.map,DatasetGroupBy;indexing.py:map_index_queries,OuterIndexer;merge.py:merge_core;variable.py:Variable.concat",
      "xarray/backends":
        "netCDF4_.py:NetCDF4DataStore;zarr.py:ZarrStore.open_group;api.py:open_dataset,open_mfdataset;h5netcdf_.py:H5NetCDFStore",
      "xarray/coding":
        "times.py:decode_cf_datetime,CFDatetimeCoder;variables.py:CFMaskCoder;strings.py:EncodedStringCoder;cftimeindex.py:CFTimeIndex",
      "xarray/plot":
        "dataarray_plot.py:line,pcolormesh;facetgrid.py:FacetGrid.map_dataarray;utils.py:_determine_cmap_params",
      "xarray/computation":
        "apply_ufunc.py:apply_ufunc;rolling.py:DataArrayRolling.construct;weighted.py:Weighted.mean",
    },
    testPath: "xarray/tests/test_{stem}.py",
    extraTests: ["xarray/tests/test_dataset.py"],
    firstIssue: 9870,
    focus: 10,
    near: 4,
  },
];

export function sourceFiles(def: RepoDef): SourceFile[] {
  const files: SourceFile[] = [];
  for (const [dir, spec] of Object.entries(def.tree)) {
    for (const entry of spec.split(";")) {
      const [name, symbols = ""] = entry.split(":");
      if (!name) continue;
      files.push({ path: `${dir}/${name}`, symbols: symbols.split(",").filter(Boolean) });
    }
  }
  return files;
}

/** The test module that covers a source file, following the repository's own test layout. */
export function testModuleFor(def: RepoDef, sourcePath: string): string {
  const cut = sourcePath.lastIndexOf("/");
  const dir = sourcePath.slice(0, cut);
  const file = sourcePath.slice(cut + 1);
  // A package's __init__.py is tested under the package's name (ext/autodoc/__init__.py → test_autodoc).
  const stem = file === "__init__.py" ? (dir.split("/").pop() ?? "init") : file.replace(/\.py$/, "").replace(/^_+/, "");
  const topDir = Object.keys(def.tree).find((d) => sourcePath.startsWith(`${d}/`)) ?? dir;
  const base = topDir.split("/").pop() ?? topDir;
  const root = topDir
    .split("/")
    .slice(0, topDir.startsWith("src/") ? 2 : 1)
    .join("/");
  const rel = topDir === root ? base : topDir.slice(root.length + 1);
  return def.testPath
    .replace("{dir}", topDir)
    .replaceAll("{base}", base)
    .replace("{rel}", rel)
    .replace("{stem}", stem.replace(/\//g, "_"));
}
