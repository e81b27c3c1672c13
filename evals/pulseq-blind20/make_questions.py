# blind20: writes questions.jsonl and runs all mechanical checks. blind19's make_questions.py with this set's questions and
# these changes, marked 'blind20': paths /tmp/blind20_*, seed 201 for the kind-of-sequence walk, this set's draws in the
# order asserts, and this set's spec pages and key phrases. Everything else (regexes, field checks, the package- and
# class-folder-scoped api check, caller checks incl. blind17's string-aware MATLAB comment cut, the page checks in both
# PDF copies) is blind19's (i.e. blind17's), unchanged. Reads /tmp/blind20_all.txt and /tmp/blind20_callers.json (written
# by the listing command in README.md / draw_example_funcs.py). Needs pdftotext/pdfinfo (poppler-utils) for the page
# checks. Run from anywhere (paths are absolute).
import json, os, re, sys, subprocess, random
from collections import Counter
D='/work/shared/data'
OUT=os.path.join(os.path.dirname(os.path.abspath(__file__)),'questions.jsonl')
M='pulseq/matlab/demoSeq/'; P='pypulseq/examples/scripts/'
A='pulseq/matlab/+mr/'; PA='pypulseq/src/pypulseq/'
SPEC=['pulseq/doc/specification.pdf','pulseq-website/specification.pdf']
callers=json.load(open('/tmp/blind20_callers.json'))
Q=[]
def ex(q,rel,cls,style,fn=None,lang=None):
    Q.append(dict(_cls=cls,_style=style,_fn=fn,_lang=lang,query=q,expected_source='examples',relevant=rel,answerable=True,kind='example',check='code'))
def fx(q,fn,lang,style):
    rel=callers[f'{lang} {fn}']
    ex(q,rel,lang,style,fn,lang)
# --- 10 named-function example requests, draw order (6 MATLAB, then 4 Python)
fx('which demo splits a long spiral readout ADC into equal segments with mr.calcAdcSeg so that the scanner can handle the sample count?','mr.calcAdcSeg','matlab','b')
fx("I want the phase of a second transmit channel to change from one repetition to the next; show me the demo that adds mr.makeRfShim to its excitation blocks",'mr.makeRfShim','matlab','c')
fx('mr.calcRfBandwidth in the demo scripts: excitation profile plots and effective slice thickness estimates','mr.calcRfBandwidth','matlab','a')
fx('is there a demo where mr.aux.isOctave decides whether vertical lines at the block start times are drawn with xline or with a plain plot call?','mr.aux.isOctave','matlab','b')
fx("I'd like to print the peak slew rate of my trajectory in T/m/s instead of the internal Hz/m/s; is there a demo that converts units with mr.convert?",'mr.convert','matlab','c')
fx('demo using mr.rotate3D to turn the radial spokes without needing the robotics toolbox','mr.rotate3D','matlab','a')
fx('which pypulseq example script takes the gradient waveforms from seq.waveforms_and_times and plots the x, y and z shapes to look for gaps in the timing?','seq.waveforms_and_times','python','b')
fx("I need to align a readout prephaser to the right with the phase-encoding gradients of the same block; point me to the pypulseq example scripts that do this with pp.align",'pp.align','python','c')
fx('pypulseq seq.read() example: loading an existing sequence file with RF use detection and inspecting its definitions','seq.read','python','a')
fx('how do I build piecewise-linear gradients from lists of times and amplitudes in pypulseq; which example scripts use pp.make_extended_trapezoid for that?','pp.make_extended_trapezoid','python','b')
# --- 10 kind-of-sequence example requests, walk order; none names a language, a file or an identifier
ex("I need a multi-slice spiral imaging sequence: a slow-starting Archimedean spiral whose gradients are derived from the k-space trajectory while keeping to 97 percent of the gradient and slew limits, four interleaves produced by rotating the complete first interleave with the FOV transformation helper, 11 slices of 3 mm, a 256 mm field of view with a 256 matrix, a 110 degree Gaussian fat saturation before every slice, a 3 ms sinc excitation, twofold ADC oversampling with the acquisition split into segments of equal length, an oversampled gradient waveform, a z spoiler with the in-plane gradients ramped down after each readout, and a 1 s pause between the interleaves. Where can I find an example like that?",
   [M+'writeSpiral.m'],'none','c')
ex('fast radial gradient echo with minimum TE and TR, each spoke turned in plane by rotating the gradient objects about the z axis, and a slice spoiler built as a piecewise-linear ramp up to the slice-selection amplitude so that it flows straight into the next excitation: the spoiler part is split off and played at the end of the readout block, one stand-alone spoiler block precedes the first spoke and a closing slice-selection block at the very end ramps the gradient down; 256 spokes over 180 degrees, 10 dummy spokes, 240 mm with 240 points and twofold oversampling, a 1200 us readout lengthened for extra spoiling, a 5 degree 400 us sinc with time-bandwidth product 2 on a 6 mm slice, and 84 degree RF spoiling',
   [M+'writeFastRadialGradientEcho.m'],'none','a')
ex('is there a basic single-slice Cartesian gradient echo with TE 5 ms and TR 12 ms whose TE and TR filling delays are computed from the event durations, rounded up to the gradient raster and checked with assertions (the TR delay must be long enough to hold the spoilers), with a 10 degree 3 ms sinc pulse on a 3 mm slice, a 256 mm field of view, a 3200 us readout, 1 ms readout prephaser and slice rephaser, and the phase encoding rewound together with the readout and slice spoilers inside the TR delay block?',
   [M+'writeGradientEcho.m',P+'write_gre.py'],'none','b')
ex("I'm after an educational blipped gradient-echo EPI without ramp sampling that fills the raw-data headers with reconstruction labels: 7 slices of 3 mm over a 220 mm field of view, 4 repetitions each started by a 2 ms physiological trigger input, three navigator readouts after every excitation flagged as navigators with the averaging counter set for the third, the readout-reversal and segment flags set from the gradient polarity, the line counter incremented with every blip, the slice counter incremented together with a z spoiler and a 100 ms pause after each slice, and the repetition counter incremented in a block of zero duration. A 90 degree 3 ms sinc excitation, 4 us dwell and 800 us prephasers. Which example is that?",
   [M+'writeEpi_label.m',P+'write_epi_label.py'],'none','c')
ex('plain educational blipped gradient-echo EPI with no ramp sampling, no navigators, no labels, no fat saturation and no triggers: three 3 mm slices, 64 by 64 over 220 mm, a 90 degree 3 ms sinc excitation, 4 us dwell so that one echo lasts 256 us, the readout flat top rounded up to the gradient raster with the ADC centred on it, 800 us prephasers for readout, phase and slice, and phase blips of the shortest duration the slew rate allows, rounded up to 10 us',
   [P+'write_epi.py',M+'writeEpi.m'],'none','a')
ex('do you have a single-shot half-Fourier turbo spin echo that reads the 8 lines before the k-space centre plus one half of k-space in a single echo train after one 90 degree excitation: a 2500 us excitation sinc and 2 ms refocusing sincs of 180 degrees with CPMG phases, 12 ms echo spacing, 6400 us of sampling per echo, 250 us for every gradient ramp, the slice and readout gradients split into piecewise-linear pieces at the block boundaries, one 5 mm slice, a 256 mm field of view, TR 2 s and a 5 s pause at the end?',
   [M+'writeHASTE.m',P+'write_haste.py'],'none','b')
ex("I'd like a 3D MPRAGE with the readout along z whose inner loop has only two blocks: the excitation block also carries the readout spoiler ramp and the rewinders of the previous line, and the readout block carries the prephaser merged into the readout gradient together with both phase encodes. A 10240 us hyperbolic-secant inversion, TI 1100 ms, 2500 ms per inversion, 7 degree 100 us hard-pulse excitations, no readout oversampling, a readout spoiler of three times the half k-space width, the partition-encoding gradients registered once per outer step, every line acquired, and a partition counter incremented with each excitation and reset at the end of each inversion while the line counter goes up by one. Is there one?",
   [P+'write_mprage.py',M+'writeMPRAGE.m'],'none','c')
ex('is there a ramp-sampled EPI with navigators and reconstruction labels whose TE and TR can be changed on the scanner after export through adjustable delays: one TE delay placed after the navigators, a second TE delay working in the opposite direction at the end of every slice so that the slice loop keeps its length, and a TR delay shared out across the slices; longest TE 100 ms, TR 3 s, four 3 mm slices with gaps of half the slice thickness in interleaved order, 96 by 96 over 220 mm, 580 us per echo with twofold oversampling, a 2 ms sinc excitation with an output trigger, a Gaussian fat saturation and a random ADC phase modulation?',
   [M+'writeEpiRS_label_softdelay.m'],'none','b')
ex('3D MPRAGE prepared for two scanner vendors at once: besides the sequence file it writes the module files, module list and scan loop of the TOPPE framework for GE, uses an 8 degree hard pulse (optionally a binomial water excitation) designed on a 4 us raster and passed in as an arbitrary RF waveform, TI 1070 ms to match the ABCD study protocol, a 192 by 256 by 256 mm field of view, the readout spoiler and the rewinders merged into the readout block, the partition direction undersampled by two outside 32 central calibration lines, and noise scans without gradients after a 5 s pause at the end',
   [M+'writeMPRAGE_4ge.m'],'none','a')
ex('do you have a simple ultrashort-echo-time radial sequence without ramp sampling or RF on the ramps: a 1 ms sinc excitation whose centre sits at the end of the pulse (time-bandwidth product 2, 10 degrees, 3 mm slice), every spoke acquired twice with the polarity of the slice gradient flipped between the two, a half-echo readout running from the k-space centre outwards for 2560 us with twofold oversampling, spokes spread over the full circle, a small spoiler along the spoke direction, a 250 mm field of view, TR 10 ms, and the achieved TE of a few hundred microseconds printed?',
   [P+'write_ute.py',M+'writeUTE.m'],'none','b')
# --- 8 spec questions (6 MATLAB-named, 2 Python-named)
def sp(q,pages,cls,style):
    Q.append(dict(_cls=cls,_style=style,query=q,expected_source='docs',relevant=SPEC,answerable=True,kind='spec',check='text',pages=pages))
sp("When I set limits with mr.opts I give mT/m and T/m/s, yet the file holds Hz-based values. Which units does the specification say were avoided because they are hardware dependent, which design goals does it list, why is it a text format rather than XML, and which complex feature does it say the format currently leaves out?",[4],'matlab','c')
sp('what does the specification call a block that holds only a mr.makeDelay duration and no events, how must an interpreter treat such a block when its duration is 0, when may a block have zero duration at all, and what do the X, Y and Z gradient columns of a block refer to?',[11],'matlab','b')
sp('fat-saturation pulse from mr.makeGaussPulse with a ppm frequency offset: the fields of an [RF] line with their units, and how the specification combines the ppm-based and absolute frequency and phase offsets into the final values, including what the ppm terms are weighted with',[12],'matlab','a')
sp("I want dummy scans only in the first repetition and a closing calibration only in the last, using the ONCE flag from mr.makeLabel. Which values can ONCE take and what does each mean, which uses does the specification list for it, and what happens when the sequence is run with a single repetition?",[19],'matlab','c')
sp('mr.makeArbitraryRf and the [SHAPES] section: the allowed range of the decompressed samples of an amplitude shape, where the actual pulse amplitude is kept instead and why, how the end of a shape definition is marked, and what the number of decompressed samples has to match',[21,22],'matlab','a')
sp('what does the TRIGGERS example in the specification define for events like those made by mr.makeTrigger: which kind of trigger input and which output signal with which type and channel numbers, which channel is vendor specific, and is TRIGGERS part of the core file format?',[17],'matlab','b')
sp('pypulseq seq.register_grad_event hands out event IDs: what does the specification require of ID numbers (sign, uniqueness of shape IDs and of event IDs within one class), what does a time-shape ID of 0 stand for, and are there rules on the ordering of IDs or on the first ID of an event class?',[7],'python','a')
sp("I'm setting up an acquisition with pypulseq pp.make_adc. In an [ADC] line of the file, in which units are the dwell time and the delay stored and from where is the delay counted, how is the readout duration obtained, what does a phase shape ID of 0 mean, and how are the frequency-dependent and fixed offsets combined?",[15],'python','c')
# --- 12 api questions (9 params: 6 MATLAB, 3 Python; 3 returns: 2 MATLAB, 1 Python), draw order of draw_api.py
def api(q,lang,entry,check,rel,style):
    Q.append(dict(_cls=lang,_style=style,query=q,expected_source='api_reference',relevant=rel,answerable=True,kind='api',lang=lang,entry=entry,check=check))
SQ=A+'@Sequence/Sequence.m'
api('in MATLAB, which arguments does seq.write take, and can I switch off the signature?','matlab','write','params',[A+'@Sequence/write.m'],'b')
api('mr.rotate parameters','matlab','rotate','params',[A+'rotate.m'],'a')
api("My spiral k-space trajectory has to start and end at zero without breaking the gradient or slew limits, and my RF shape needs padding to match; what options does mr.addRamps accept?",'matlab','addRamps','params',[A+'addRamps.m'],'c')
api('what arguments does mr.compressShape take, and can I force compression of a very short waveform?','matlab','compressShape','params',[A+'compressShape.m'],'b')
api('mr.aux.containers_map_lookup_ik arguments','matlab','containers_map_lookup_ik','params',[A+'+aux/containers_map_lookup_ik.m'],'a')
api("I'm storing the field of view and a sequence name in the file header with seq.setDefinition; what inputs does it expect?",'matlab','setDefinition','params',[SQ],'c')
api('pypulseq: which parameters does the module-level write() in Sequence/write_seq.py accept, the function that the sequence object hands its export over to?','python','write','params',[PA+'Sequence/write_seq.py',PA+'Sequence/sequence.py'],'b')
api("I need to cut a trapezoid at a given time point in pypulseq; what does pp.split_gradient_at take?",'python','split_gradient_at','params',[PA+'split_gradient_at.py'],'c')
api("which parameters does pypulseq's seq.rf_from_lib_data accept when it rebuilds an RF object from library data?",'python','rf_from_lib_data','params',[PA+'Sequence/sequence.py'],'b')
api('seq.getExtensionTypeID return value','matlab','getExtensionTypeID','returns',[SQ],'a')
api("Before running my sequence I want the default values of all its soft delays, such as TE and TR, plus a consistency report; what does seq.getDefaultSoftDelayValues return?",'matlab','getDefaultSoftDelayValues','returns',[SQ],'c')
api('what does pypulseq seq.get_extension_type_string return?','python','get_extension_type_string','returns',[PA+'Sequence/sequence.py'],'b')

# ---------------- checks
assert len(Q)==40
MAT=re.compile(r'\b(mr(\.\w+)+|seq\.[a-z]+[A-Z]\w*)')
PY=re.compile(r'\b(pp\.\w+|seq\.[a-z]+_\w+|[a-z]+_[a-z_]+|\w+\(\))')
cnt={'matlab':0,'python':0,'none':0}
for q in Q:
    t=q['query']; c=q['_cls']; cnt[c]+=1
    m=bool(MAT.search(t)) or bool(re.search(r'\bseq\.\w+',t) and 'matlab' in t.lower()); p=bool(PY.search(t))
    if c=='matlab': assert m,t
    elif c=='python': assert p and not m,t
    else: assert not m and not p and not re.search(r'\w\.\w',t),t
print('named counts',cnt); assert cnt=={'matlab':20,'python':10,'none':10}
grp=Counter((q['kind'],q['check'],q['_cls']) for q in Q); print(sorted(grp.items()))
assert grp[('api','params','matlab')]==6 and grp[('api','params','python')]==3
assert grp[('api','returns','matlab')]==2 and grp[('api','returns','python')]==1
assert sum(v for (k,c,_),v in grp.items() if k=='api' and c=='params')==9
assert sum(v for (k,c,_),v in grp.items() if k=='api' and c=='returns')==3
assert grp[('example','code','matlab')]==6 and grp[('example','code','python')]==4 and grp[('example','code','none')]==10
assert sum(1 for q in Q if q['kind']=='example')==20
assert sum(1 for q in Q if q['kind']=='example' and q.get('_fn'))==10
assert sum(1 for q in Q if q['kind']=='example' and not q.get('_fn'))==10
assert all(q.get('_fn') for q in Q if q['kind']=='example' and q['_cls']!='none')
assert not any(q.get('_fn') for q in Q if q['kind']=='example' and q['_cls']=='none')
assert grp[('spec','text','matlab')]==6 and grp[('spec','text','python')]==2 and grp[('spec','text','none')]==0
assert sum(1 for q in Q if q['kind']=='spec')==8
# every question: the fields of its kind (as blind10/blind12)
for q in Q:
    assert q['answerable'] is True
    assert q['expected_source']=={'example':'examples','api':'api_reference','spec':'docs'}[q['kind']]
    assert q['check']=={'example':'code','spec':'text'}.get(q['kind'],q['check']) and q['check'] in ('code','text','params','returns')
    assert ('pages' in q)==(q['kind']=='spec') and (('entry' in q)==('lang' in q)==(q['kind']=='api'))
    if q['kind']=='spec': assert q['relevant']==SPEC
# Python-named queries say pypulseq; no-identifier queries name no language; MATLAB-named queries carry their prefix
for q in Q:
    if q['_cls']=='python': assert 'pypulseq' in q['query'],q['query']
    if q['_cls']=='none': assert not re.search(r'matlab|python|pypulseq',q['query'],re.I),q['query']
    if q['_cls']=='matlab': assert re.search(r'\b(mr|seq)\.',q['query']),q['query']
# paths exist
for q in Q:
    for r in q['relevant']: assert os.path.exists(os.path.join(D,r)),r
# names and stems of all 59 example scripts: no query contains one
allf=[l.strip() for l in open('/tmp/blind20_all.txt') if l.strip()]
assert len(allf)==59
stems=[os.path.splitext(os.path.basename(l))[0] for l in allf]
for q in Q:
    for s in stems: assert s.lower() not in q['query'].lower(),(s,q['query'])
# api: entry defined in the first relevant file, and relevant = every file of its language's API tree defining it
for q in Q:
    if q['kind']!='api': continue
    src=open(os.path.join(D,q['relevant'][0]),encoding='utf-8',errors='replace').read()
    rx=(r'^[ \t]*function\s+(?:(?:\[[^\]]*\]|\w+)\s*=\s*)?'+q['entry']+r'\s*\(') if q['lang']=='matlab' else (r'^[ \t]*def\s+'+q['entry']+r'\s*\(')
    assert re.search(rx,src,re.M),q['entry']
    tree=os.path.join(D,'pulseq/matlab/+mr' if q['lang']=='matlab' else 'pypulseq/src/pypulseq')
    defs=[]
    for dp,dn,fn in os.walk(tree):
        for f in fn:
            if f.endswith('.m' if q['lang']=='matlab' else '.py'):
                p=os.path.join(dp,f)
                if re.search(rx,open(p,encoding='utf-8',errors='replace').read(),re.M): defs.append(os.path.relpath(p,D))
    # blind15: only files in the package the query names (mr.aux.quat.<name> -> +mr/+aux/+quat/, mr.<name> -> +mr/,
    # seq.<name> -> +mr/@Sequence/); Python unchanged (every defining file)
    # blind16: a capitalised component is a class folder (mr.EventLibrary -> +mr/@EventLibrary/); if the query has no
    # '<qualifier>.<entry>' (the find_mat question says 'find_mat function in the mr.EventLibrary class folder'), the
    # qualifier is the query's first mr./seq. token
    if q['lang']=='matlab':
        mq=re.search(r'\b((?:mr|seq)(?:\.\w+)*)\.'+q['entry']+r'\b',q['query']) or re.search(r'\b((?:mr|seq)(?:\.\w+)+)',q['query'])
        pref=mq.group(1)
        pdir='pulseq/matlab/+mr/@Sequence' if pref=='seq' else 'pulseq/matlab/'+'/'.join(('@'+x if x[0].isupper() else '+'+x) for x in pref.split('.'))
        other=[d for d in defs if os.path.dirname(d)!=pdir]
        if other: print('  api',pref+'.'+q['entry'],'also defined (other package, not labelled):',other)
        defs=[d for d in defs if os.path.dirname(d)==pdir]
    assert sorted(defs)==sorted(q['relevant']),(q['entry'],defs)
    assert q['entry'] in q['query']
# api entries are draw_api.py's picks, in draw order
# blind20: this set's draw
assert [q['entry'] for q in Q if q['kind']=='api']==['write','rotate','addRamps','compressShape',
  'containers_map_lookup_ik','setDefinition','write','split_gradient_at','rf_from_lib_data','getExtensionTypeID',
  'getDefaultSoftDelayValues','get_extension_type_string']
# blind17: the MATLAB comment cut of the raw-text caller check skips '%' inside string literals (writeSpiral.m calls
# mr.convert inside fprintf('... %g ...', mr.convert(...)), which a plain split at the first '%' would cut off); a quote
# after a letter, digit, ')', ']', '}', '.' or another quote is a transpose, not a string start
def mcode_part(line):
    instr=None
    for i,ch in enumerate(line):
        if instr:
            if ch==instr: instr=None
            continue
        if ch=='%': return line[:i]
        if ch=='"': instr='"'
        elif ch=="'" and not (i>0 and (line[i-1].isalnum() or line[i-1] in "_)]}.'")): instr="'"
    return line
# labelled example scripts really call the named function: raw text, a non-comment line with the (qualified) name
# followed by "(" or end of word (not a longer name, not an assignment), in addition to the draw's parser
for q in Q:
    if q.get('_fn'):
        fn=q['_fn']; pat=(r'\bseq\w*\.'+re.escape(fn[4:]) if fn.startswith('seq.') else r'\b'+re.escape(fn))+r'\b(?!\s*=[^=])'
        for r in q['relevant']:
            src=open(os.path.join(D,r),encoding='utf-8',errors='replace').read()
            lines=[l for l in src.split('\n') if re.search(pat,mcode_part(l) if r.endswith('.m') else l.split('#')[0])]
            assert lines,(fn,r)
            assert r.endswith('.m')==(q['_lang']=='matlab')
        # and every script of that language that calls it is labelled (callers list = relevant)
        assert q['relevant']==callers[f"{q['_lang']} {fn}"] and q['relevant']
        assert fn in q['query']
        print(f"  {fn}: {len(q['relevant'])} scripts OK")
# the drawn functions are those printed by draw_example_funcs.py (in draw order), none of them an api entry of this set
exfns=[q['_fn'] for q in Q if q.get('_fn')]
# blind20: this set's draw
assert exfns==['mr.calcAdcSeg','mr.makeRfShim','mr.calcRfBandwidth','mr.aux.isOctave','mr.convert','mr.rotate3D',
  'seq.waveforms_and_times','pp.align','seq.read','pp.make_extended_trapezoid']
assert not {f.split('.')[-1] for f in exfns}&{q['entry'] for q in Q if q['kind']=='api'}
# example relevants only under example dirs
for q in Q:
    if q['kind']=='example':
        for r in q['relevant']: assert r.startswith((M,P)) and r in allf,r
# kind-of-sequence walk re-run: shuffle with seed 201 (blind20); skip scripts that are not a sequence and scripts already
# labelled under a kind kept earlier; the first 10 kept are the drawn files, each the first entry of its label list
ks=[q for q in Q if q['kind']=='example' and not q.get('_fn')]
NOT_SEQ={P+'demo_read.py',P+'pns_test.py',P+'soft_delay_simple_example.py'}
f=list(allf); random.seed(201); random.shuffle(f)
kept=[]; labelled=set(); skipped=[]
for x in f:
    if len(kept)==10: break
    if x in NOT_SEQ: skipped.append((x,'not a sequence')); continue
    if x in labelled: skipped.append((x,'already labelled')); continue
    i=len(kept); kept.append(x); labelled|=set(ks[i]['relevant'])
print('walk kept',len(kept),'skipped',skipped)
assert [q['relevant'][0] for q in ks]==kept
# no script labelled for two kinds (the kinds are distinct)
lab=[r for q in ks for r in q['relevant']]; assert len(lab)==len(set(lab))
# functions named by the spec questions are not among the drawn example functions nor this set's api entries
specfns=[fn for q in Q if q['kind']=='spec' for fn in re.findall(r'\b(?:mr|pp|seq)(?:\.\w+)+',q['query'])]
print('spec functions',specfns)
assert len(specfns)==8 and not set(specfns)&set(exfns)
assert not {f.split('.')[-1] for f in specfns}&{q['entry'] for q in Q if q['kind']=='api'}
# spec pages exist in both PDF copies and every key phrase of the answer is on the labelled pages of BOTH copies
def npages(f): return int(re.search(r'^Pages:\s+(\d+)',subprocess.run(['pdfinfo',os.path.join(D,f)],capture_output=True,text=True).stdout,re.M).group(1))
def ptext(f,p): return subprocess.run(['pdftotext','-layout','-f',str(p),'-l',str(p),os.path.join(D,f),'-'],capture_output=True,text=True).stdout
def norm(t): return re.sub(r'\s+',' ',t).replace('[ ','[').replace(' ]',']')
n1,n2=npages(SPEC[0]),npages(SPEC[1]); print('pdf pages',n1,n2)
same=[p for p in range(1,min(n1,n2)+1) if ptext(SPEC[0],p)==ptext(SPEC[1],p)]
print('identical pages',same)
# blind20: this set's pages and key phrases
KEY={4:['Sequences for both NMR spectroscopy and MRI can be represented',
        'currently omits complex sequence features such as logical coordinate-frame transformations',
        '1. Human-readable','2. Easily parsed','3. Vendor independent','4. Compact','5. Low-level',
        'This prohibits the use of an existing markup language like XML, which are not straightforward to parse',
        'units that are inherently hardware dependent have been avoided, such as ‘Volts’, ‘Tesla’ or ‘DAC units’'],
     7:['IDs must be positive integers','The ID of each shape must be unique','The ID of events within a single class must be unique',
        'meaning an incremental time sampling with the corresponding default time raster',
        'There are no restrictions on the ordering of IDs, although sequential or- dering is often implemented',
        'There are no restrictions on the first ID of an event class'],
     11:['X, Y and Z refer to physical scanner gradient channels',
         'Block duration may be zero, e.g. for blocks containing only extension events with zero durations such as data labels',
         'A block with nonzero duration containing no nonzero event IDs is a delay block',
         'Interpreters must gracefully ignore delay blocks of 0 duration'],
     12:['<amp> float Peak amplitude Hz','<center> float Time point relative to the beginning of µs',
         '<freq_ppm> float Frequency offset relative to the main ppm',
         '<phase_ppm> float Phase offset proportional to the main rad/MHz',
         '<freq_off> float Frequency offset in absolute units Hz','<phase_off> float Phase offset rad',
         'the contributions from <freq_ppm> and <freq_off> (or <phase_ppm> and <phase_off>) are added together',
         'Prior to the addition <freq_ppm> and <phase_ppm> are weighted with the current system frequency of the active nucleus, expressed in units of MHz'],
     15:['<dwell> float The ADC dwell time ns','<delay> integer Delay between start of block and µs first sample',
         'The duration of the ADC readout is given by the product of <num> and <dwell>',
         '<phase_shape_id> integer Shape ID of the phase modula- – tion, 0 for no modulation',
         'The final phase and frequency coffsets are calculated as sums of the correspond- ing frequency-dependent and frequency-independent contributions',
         'Prior to the addition <freq_ppm> and <phase_ppm> are weighted with the current system frequency of the active nucleus'],
     17:['[EXTENSIONS] 1 1 1 0 2 1 2 0 extension TRIGGERS 1 1 2 1 0 2000 2 1 3 500 100',
         'which is not a part of the core Pulseq format and MAY be subject to rapid changes between revisions',
         'one cardiac trigger (id=1 type=2 channel=1) and one digital output signal (id=2 type=1 channel=3)',
         'channel (Siemens-specific)'],
     19:['there is a three-state flag ONCE, that is intended to control the execution flow for sequences with repetitions',
         'It allows to implement dummy scans, warm-up sub-sequences, calibration scans or closing-up sub-sequences',
         'blocks with ONCE=0 are executed on every repetition; ONCE=1 marks the blocks that are only executed in the first repetition; blocks with ONCE=2 (or any other number) are only executed in the last repetition',
         'When number of repetitions is equal to 1 no changes are applied'],
     21:['The end of the shape definition is declared with a blank line',
         'the decompressed samples must be in the normalised range of [-1, 1]',
         'the amplitude information is defined in the events section'],
     22:['used with different amplitudes, without repeated definitions',
         'The number of points after decompressing all samples defined in a shape must be equal the number declared in <num_samples>']}
for q in Q:
    if q['kind']=='spec':
        assert q['pages'] and all(1<=p<=min(n1,n2) and p in KEY for p in q['pages']),q['pages']
for p,ks_ in KEY.items():
    for f_ in SPEC:
        t=norm(ptext(f_,p))
        for k in ks_: assert k in t,(f_,p,k)
assert {p for q in Q if q['kind']=='spec' for p in q['pages']}==set(KEY)
print('spec pages',sorted(p for q in Q if q['kind']=='spec' for p in q['pages']),
      '; not identical in the two copies (key phrases checked in both):',sorted({p for q in Q if q['kind']=='spec' for p in q['pages']}-set(same)))
with open(OUT,'w') as fo:
    for q in Q:
        fo.write(json.dumps({k:v for k,v in q.items() if not k.startswith('_')},ensure_ascii=False)+'\n')
print('styles',sorted(Counter((q['kind'],q['_style']) for q in Q).items()))
print('styles, example named / kind',sorted(Counter(q['_style'] for q in Q if q['kind']=='example' and q.get('_fn')).items()),
      sorted(Counter(q['_style'] for q in Q if q['kind']=='example' and not q.get('_fn')).items()))
for i,q in enumerate(Q,1): print(i,q['_cls'],q['_style'],'|',q['query'],'|',', '.join(q['relevant']),q.get('pages',''))
