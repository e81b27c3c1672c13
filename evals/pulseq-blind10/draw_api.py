# blind10: blind9's API draw with random.seed(101), counts 7/2 (MATLAB) and 3/2 (Python), and the exclusion list
# extended by the functions named in blind9's README (see the block marked blind10). Run from ../shared/data.
import re, os, json, random
root='.'
EXCL={'makeSLRpulse','makeRotation','calcAdcSeg','calculateKspacePP','points_to_waveform','evaluate_labels',
 'paperPlot','sound','autoLabel','calcMomentsBtensor','modGradAxis','setBlock','writeBinary','waveforms_and_times',
 'duration','TransformFOV','applyToSeq','findFlank','md5','version','restoreAdditionalShapeSamples',
 'sigpy_n_seq','make_sms','SigpyPulseOpts','Sequence','get_gradients','install','rf_times','register_scanner',
 'detect_scanner','safe_gwf_to_pns','makeTrapezoid','addBlock','make_trapezoid','make_sinc_pulse','Opts','opts','test_report',
 # added for blind5: functions named in blind4's README (its draw and its label notes)
 'calcRfPower','traj2grad','convert','setExtensionStringAndID','compressShape','verifyFileSignature','getDefinition',
 'registerRotationEvent','scale_grad','calc_adc_segments','round_half_up','rotate','safe_pns_model','register_adc_event',
 'calculate_shortest_params_for_area','makeLabel','rotate3D','make_adc',
 # added for blind6: functions named in blind5's README (its draw and its label notes)
 'makeExtendedTrapezoid','makeArbitraryRf','makeHexagonGradientArea','splitGradient','makeExtendedTrapezoidArea',
 'readasc','calcDuration','checkTiming','make_extended_trapezoid_area','write','make_label','safe_plot','plot',
 'ext_test_report_str','ext_test_report_data','makeRfShim','test_report_dict',
 # also named there, though not as functions of their own (a module file, parameters of seq.write): left out to be safe
 'ext_test_report','check_timing','remove_duplicates',
 # added for blind7: functions named in blind6's README (its draw; its label notes name only functions already excluded)
 'getBlock','makeSincPulse','addGradients','containers_map_lookup_ik','rfFromLibData','toRotMat','getOrCreateTridId',
 'getRawBlockContentIDs','read','print_error_report','make_block_pulse','traj_to_grad','calculate_gradient_spectrum',
 'align','register_control_event',
 # added for blind8: functions named in blind7's README (its draw; its notes: the two extra picks of a disclosed
 # earlier run, calcRfCenter and get_extension_type_ID, and decompressShape; autoLabel, rotate3D, TransformFOV,
 # compressShape, register_control_event were already excluded)
 'makeArbitraryGrad','compressShape_mat','scaleGrad','registerControlEvent','registerGradEvent','make_adiabatic_pulse',
 'split_gradient_at','calc_ramp','register_grad_event','decompress_shape','calcRfCenter','get_extension_type_ID',
 'decompressShape',
 # added for blind9: functions named in blind8's README that were still in the pool (its draw; its notes and the
 # output of its example-function draw; the disclosed skip my_validatecolor). Found by intersecting the pool with every
 # word of blind5's..blind8's READMEs; the only other hits, x (MATLAB) and main (Python), occur there as ordinary words /
 # snippet text and are kept, as before. blind8's other names (e.g. makeArbitraryRf, convert, findFlank, autoLabel,
 # registerGradEvent, makeRfShim, rotate, mr.aux.rotmat.z -- whose file z.m defines y and is not in the pool) were
 # already excluded or are not in the pool.
 'makeSoftDelay','containers_map_lookup_ex','multiply','evalLabels','simRf','makeAdiabaticPulse','find_mat',
 'makeDigitalOutputPulse','splitGradientAt','registerRfEvent','normalize','makeDelay','make_arbitrary_grad','paper_plot',
 'split_gradient','cumsum','add_ramps','adc_times','register_rf_event','find_block_by_time','my_validatecolor',
 'addRamps','addTRID','applySoftDelay','calcRfBandwidth','isOctave','isSigPyAvailable','makeBlockPulse','makeTrigger',
 'registerLabelEvent','setDefinition','add_gradients','apply_soft_delay','calc_rf_center','calculate_pns','get_block',
 'get_definition','make_digital_output_pulse','make_extended_trapezoid','make_gauss_pulse','make_soft_delay',
 'make_trigger','set_block',
 # added for blind10: functions named in blind9's README that were still in the pool (its draw, its notes, the output of
 # its example-function draw). Found as before, by intersecting the pool with every word of blind5's..blind9's,
 # pulseq-frozen's and pulseq-blind's READMEs (only blind9's gave new hits). Added: the hits x and y (MATLAB,
 # +aux/+rotmat/x.m, y.m: blind9's notes name x as a function file and y as the function z.m defines), the Python
 # functions its notes name (enable_trace, disable_trace, get_supported_labels), and write_v141 (the name as spelled;
 # blind9 asked about MATLAB's, pypulseq's pp.write_v141 shares it). Kept: main (an ordinary word) and trace (there
 # only as a parameter name of format_trace in the printed output).
 'calcPNS','calcRamp','conjugate','getBinaryCodes','getExtensionTypeString','globalVars','gradSpectrum','makeAdc',
 'makeGaussPulse','pts2waveform','registerRfShimEvent','write_v141','x','y',
 'calc_pns','calculate_kspace','disable_trace','enable_trace','format_trace','get_raw_block_content_IDs',
 'get_supported_labels','get_supported_rf_uses','register_soft_delay_event','set_extension_string_ID','waveforms'}
out=[]
# MATLAB
for dp,dn,fn in os.walk(f'{root}/pulseq/matlab/+mr'):
    for f in fn:
        if not f.endswith('.m'): continue
        p=os.path.join(dp,f); rel=os.path.relpath(p,root)
        src=open(p,encoding='utf-8',errors='replace').read()
        for m in re.finditer(r'^[ \t]*function\s+(?:(\[[^\]]*\]|\w+)\s*=\s*)?(\w+)\s*(?:\(([^)]*)\))?',src,re.M):
            outs,name,args=m.group(1),m.group(2),m.group(3) or ''
            args=[a.strip() for a in args.split(',') if a.strip()]
            out.append(dict(lang='matlab',file=rel,name=name,args=args,outs=outs or ''))
# Python
import ast
for dp,dn,fn in os.walk(f'{root}/pypulseq/src/pypulseq'):
    for f in fn:
        if not f.endswith('.py'): continue
        p=os.path.join(dp,f); rel=os.path.relpath(p,root)
        t=ast.parse(open(p).read())
        def visit(nodes,cls=None):
            for n in nodes:
                if isinstance(n,(ast.FunctionDef,)):
                    args=[a.arg for a in n.args.posonlyargs+n.args.args+n.args.kwonlyargs if a.arg not in('self','cls')]
                    rets=any(isinstance(x,ast.Return) and x.value is not None for x in ast.walk(n)) or n.returns is not None
                    out.append(dict(lang='python',file=rel,name=n.name,cls=cls,args=args,outs=ast.unparse(n.returns) if n.returns else ('ret' if rets else '')))
                elif isinstance(n,ast.ClassDef) and cls is None:
                    visit(n.body,n.name)
        visit(t.body)

C=out
def body(file,name):
    src=open(os.path.join(root,file),encoding='utf-8',errors='replace').read()
    ms=list(re.finditer(r'^[ \t]*function\b.*$',src,re.M))
    for i,m in enumerate(ms):
        if re.search(r'\b'+name+r'\s*(\(|$)',m.group(0)):
            end=ms[i+1].start() if i+1<len(ms) else len(src)
            return src[m.start():end]
    return ''
# blind8: skipped in the walk (blind9: now also in EXCL, kept here harmlessly) (not removed from the list, so the shuffle is unchanged): a function nested inside
# seq.paperPlot, not a method; the parse credits it with paperPlot's parameters
SKIP={'my_validatecolor'}
el={'matlab':[], 'python':[]}
for c in C:
    n=c['name']; f=c['file']
    if n in EXCL or n.startswith('_'): continue
    if c['lang']=='matlab':
        src=open(os.path.join(root,f),encoding='utf-8',errors='replace').read()
        stem=os.path.basename(f)[:-2]
        isclass=re.search(r'^\s*classdef',src,re.M) is not None
        if '@Sequence' in f:
            if isclass and n==stem: continue   # constructor
            if not isclass and n!=stem: continue  # local helper in a method file
            kind='seq'
        else:
            if isclass or n!=stem or stem in('Contents','compile_mex'): continue
            kind='mr.aux' if '+aux' in f else ('mr.Siemens' if '+Siemens' in f else 'mr')
        b=body(f,n)
        named=[a for a in c['args'] if a not in('obj','varargin')]
        parsed=re.findall(r"add(?:Required|Optional|Parameter|ParamValue)\(\s*(?:\w+\s*,\s*)?'(\w+)'",b)
        c['params']=sorted(set(named+parsed)); c['kind']=kind
    else:
        if c['cls'] not in (None,'Sequence'): continue
        if c['cls']=='Sequence' and not f.endswith('Sequence/sequence.py'): continue
        c['kind']='seq' if c['cls'] else 'pp'
        c['params']=[a for a in c['args']]
    c['p_ok']=len(c['params'])>=2
    c['r_ok']=bool(c['outs']) and c['outs']!='None'
    el[c['lang']].append(c)
pick={}
for lang,(np_,nr) in {'matlab':(7,2),'python':(3,2)}.items():
    L=sorted(el[lang],key=lambda c:(c['file'],c['name']))
    random.seed(101); random.shuffle(L)
    P=[c for c in L if c['p_ok'] and c['name'] not in SKIP][:np_]
    # blind9: with blind8's names excluded only 8 MATLAB functions with >=2 parameters are left; if the walk has
    # fewer than np_ of them, fill up with the walk's first functions having >=1 parameter (walk order unchanged)
    if len(P)<np_:
        fill=[c for c in L if len(c['params'])>=1 and c not in P and c['name'] not in SKIP][:np_-len(P)]
        for c in fill: print('  (fill-up, 1 parameter)',c['name'])
        P=P+fill
    R=[c for c in L if c['r_ok'] and c['name'] not in SKIP and c not in P][:nr]
    print(lang,len(L),'eligible')
    for c in P: print('  PARAMS ',c['kind'],c['name'],c['file'],c['params'],c['outs'])
    for c in R: print('  RETURNS',c['kind'],c['name'],c['file'],c['params'],c['outs'])
    json.dump(sorted({c['name'] for c in L}),open(f'/tmp/blind10_pool_{lang}.json','w'))
